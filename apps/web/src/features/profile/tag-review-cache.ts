import type { MediaNode } from '@shutter/contract';
import type { GridData } from './grid-pages';

/** A tagged post, as `tagged_posts` answers it: the tagged person also sees pending tags. */
export type TaggedNode = MediaNode & { tag_status: 'approved' | 'pending' };

/** Where a post sat in the grid, so that a failed review puts it back. */
export interface TaggedSlot {
  node: TaggedNode;
  page: number;
  index: number;
}

export function findTagged(data: GridData<TaggedNode> | undefined, id: string): TaggedSlot | null {
  if (!data) return null;
  for (const [page, { nodes }] of data.pages.entries()) {
    const index = nodes.findIndex((node) => node.id === id);
    if (index >= 0) return { node: nodes[index], page, index };
  }
  return null;
}

function without(data: GridData<TaggedNode>, id: string): GridData<TaggedNode> {
  return { ...data, pages: data.pages.map((page) => ({ ...page, nodes: page.nodes.filter((node) => node.id !== id) })) };
}

/** Remove: the post leaves the tab. */
export function dropTagged(data: GridData<TaggedNode> | undefined, id: string): GridData<TaggedNode> | undefined {
  return data ? without(data, id) : data;
}

/** Approve: the post becomes an approved tag at the front of the tab (the most recent approval). */
export function approveTagged(data: GridData<TaggedNode> | undefined, id: string): GridData<TaggedNode> | undefined {
  const slot = findTagged(data, id);
  if (!data || !slot) return data;
  const rest = without(data, id);
  const [first, ...others] = rest.pages;
  return { ...rest, pages: [{ ...first, nodes: [{ ...slot.node, tag_status: 'approved' }, ...first.nodes] }, ...others] };
}

/** Rollback: the post as it was, where it was, whatever else changed meanwhile. */
export function restoreTagged(data: GridData<TaggedNode> | undefined, slot: TaggedSlot): GridData<TaggedNode> | undefined {
  if (!data || data.pages.length === 0) return data;
  const rest = without(data, slot.node.id);
  const pageIndex = Math.min(slot.page, rest.pages.length - 1);
  return {
    ...rest,
    pages: rest.pages.map((page, i) => (i === pageIndex ? { ...page, nodes: [...page.nodes.slice(0, slot.index), slot.node, ...page.nodes.slice(slot.index)] } : page)),
  };
}
