import { describe, expect, it } from 'vitest';
import type { GridData } from './grid-pages';
import { approveTagged, dropTagged, findTagged, restoreTagged, type TaggedNode } from './tag-review-cache';

const node = (id: string, tag_status: TaggedNode['tag_status'] = 'approved') => ({ id, tag_status }) as TaggedNode;
const page = (...nodes: TaggedNode[]) => ({ nodes, count: 0, pageInfo: { has_next_page: false, end_cursor: null } });
const data = (...pages: TaggedNode[][]): GridData<TaggedNode> => ({ pages: pages.map((nodes) => page(...nodes)), pageParams: pages.map(() => null) });
const ids = (d: GridData<TaggedNode> | undefined) => d?.pages.map((p) => p.nodes.map((n) => `${n.id}:${n.tag_status}`));

describe('tag review cache', () => {
  const before = data([node('a'), node('b', 'pending')], [node('c'), node('d', 'pending')]);

  it('drops a removed tag from whichever page holds it', () => {
    expect(ids(dropTagged(before, 'd'))).toEqual([['a:approved', 'b:pending'], ['c:approved']]);
  });

  it('moves an approved tag to the front as approved', () => {
    expect(ids(approveTagged(before, 'd'))).toEqual([['d:approved', 'a:approved', 'b:pending'], ['c:approved']]);
  });

  it('restores a post where it was, keeping other changes', () => {
    const slot = findTagged(before, 'd');
    expect(slot).toMatchObject({ page: 1, index: 1 });
    const approved = approveTagged(dropTagged(before, 'b'), 'd');
    expect(ids(restoreTagged(approved, slot!))).toEqual([['a:approved'], ['c:approved', 'd:pending']]);
  });

  it('leaves an empty cache alone', () => {
    expect(approveTagged(undefined, 'a')).toBeUndefined();
    expect(findTagged(undefined, 'a')).toBeNull();
  });
});
