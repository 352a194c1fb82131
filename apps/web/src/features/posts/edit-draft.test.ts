import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { MAX_USERTAGS, type MediaItem, type MediaNode } from '@shutter/contract';
import { applyEditToCaches, withEdit, postPageKey, type NodePage } from '../../state/queries/post';
import { draftOf, editReducer, editRequest, tagCount } from './edit-draft';

const person = (id: string) => ({ id, username: `user${id}`, full_name: '' });
const tagged = (id: string, x = 0.5, y = 0.5) => ({ node: { user: person(id), x, y } });

function item(id: string, tags: ReturnType<typeof tagged>[] = [], alt: string | null = null): Omit<MediaItem, '__typename'> {
  return {
    id, is_video: false, dimensions: { width: 1080, height: 1350 }, display_url: `/media/${id}.jpg`, display_resources: [], thumbhash: null,
    accessibility_caption: alt, video_url: null, video_duration: null, edge_media_to_tagged_user: { edges: tags },
  };
}

function post(opts: { caption?: string; place?: string; items?: Omit<MediaItem, '__typename'>[] } = {}): MediaNode {
  const items = opts.items ?? [item('1_0', [tagged('7', 0.2, 0.3)], 'A dog')];
  return {
    ...items[0]!,
    __typename: items.length > 1 ? 'GraphSidecar' : 'GraphImage',
    id: '1', shortcode: 'abc', owner: { id: '5', username: 'owner', full_name: '', profile_pic_url: '', is_private: false, is_verified: false },
    taken_at_timestamp: 0, status: 'ready',
    edge_sidecar_to_children: items.length > 1 ? { edges: items.map((node) => ({ node: { ...node, __typename: 'GraphImage' as const } })) } : null,
    edge_media_to_caption: { edges: opts.caption ? [{ node: { text: opts.caption } }] : [] },
    location: opts.place ? { id: '9', name: opts.place, slug: 'x' } : null,
    edge_media_preview_like: { count: 0, edges: [] },
    edge_media_to_parent_comment: { count: 0, edges: [], page_info: { has_next_page: false, end_cursor: null } },
    comments_disabled: false, viewer_has_liked: false, viewer_has_saved: false, viewer_can_delete: true, is_sensitive: false,
  };
}

describe('the edit draft', () => {
  it('starts from the post: caption, place, and per item tags and alt text', () => {
    const draft = draftOf(post({ caption: 'hi', place: 'Porto' }));
    expect(draft).toMatchObject({ caption: 'hi', location: 'Porto', active: 0 });
    expect(draft.items[0]).toMatchObject({ alt: 'A dog', usertags: [{ user: person('7'), x: 0.2, y: 0.3 }] });
  });

  it('sends nothing when nothing changed, and only what changed otherwise', () => {
    const original = draftOf(post({ caption: 'hi', place: 'Porto' }));
    expect(editRequest(original, original)).toBeNull();
    expect(editRequest(editReducer(original, { type: 'caption', text: 'hi  ' }), original)).toBeNull();
    expect(editRequest(editReducer(original, { type: 'caption', text: 'hello #sun' }), original)).toEqual({ caption: 'hello #sun' });
    expect(editRequest(editReducer(original, { type: 'location', text: '' }), original)).toEqual({ location: '' });
    expect(editRequest(editReducer(original, { type: 'place', id: '2267057', name: 'Lisbon' }), original)).toEqual({ location_id: '2267057' });
    expect(editRequest(editReducer(editReducer(original, { type: 'place', id: '2267057', name: 'Lisbon' }), { type: 'location', text: 'Lisbon docks' }), original)).toEqual({ location: 'Lisbon docks' });
    const moved = editReducer(original, { type: 'addTag', tag: { user: person('7'), x: 0.9, y: 1.4 } });
    expect(editRequest(moved, original)).toEqual({ usertags: JSON.stringify([{ user_id: '7', position: [0.9, 1] }]) });
    expect(editRequest(editReducer(original, { type: 'altText', text: ' ' }), original)).toEqual({ custom_accessibility_caption: '' });
  });

  it("edits a carousel item by item and sends one entry per item, empty for the items left alone", () => {
    const original = draftOf(post({ items: [item('1_0'), item('1_1', [], 'second')] }));
    let draft = editReducer(original, { type: 'select', index: 1 });
    draft = editReducer(draft, { type: 'addTag', tag: { user: person('8'), x: 0.1, y: 0.1 } });
    draft = editReducer(draft, { type: 'altText', text: 'better' });
    expect(draft.items[0]!.usertags).toEqual([]);
    expect(editRequest(draft, original)).toEqual({
      children_metadata: JSON.stringify([{}, { usertags: [{ user_id: '8', position: [0.1, 0.1] }], custom_accessibility_caption: 'better' }]),
    });
    expect(editReducer(draft, { type: 'select', index: 5 }).active).toBe(1);
  });

  it(`stops at ${MAX_USERTAGS} tags on the whole post, but a tag can still move`, () => {
    let draft = draftOf(post({ items: [item('1_0'), item('1_1')] }));
    for (let i = 0; i < MAX_USERTAGS; i++) {
      draft = editReducer(draft, { type: 'select', index: i % 2 });
      draft = editReducer(draft, { type: 'addTag', tag: { user: person(String(100 + i)), x: 0, y: 0 } });
    }
    expect(tagCount(draft)).toBe(MAX_USERTAGS);
    expect(tagCount(editReducer(draft, { type: 'addTag', tag: { user: person('999'), x: 0, y: 0 } }))).toBe(MAX_USERTAGS);
    const moved = editReducer(draft, { type: 'addTag', tag: { user: person(String(100 + MAX_USERTAGS - 1)), x: 0.5, y: 0.5 } });
    expect(moved.items[draft.active]!.usertags.at(-1)).toMatchObject({ x: 0.5, y: 0.5 });
    // Removing works on the item shown: someone tagged on another item stays.
    expect(tagCount(editReducer(moved, { type: 'removeTag', userId: '100' }))).toBe(MAX_USERTAGS);
    expect(tagCount(editReducer(moved, { type: 'removeTag', userId: String(100 + MAX_USERTAGS - 1) }))).toBe(MAX_USERTAGS - 1);
  });
});

describe('the caches after a saved edit', () => {
  const before = post({ caption: 'old' });
  const edited = post({ caption: 'new', place: 'Lisbon', items: [item('1_0', [], 'A cat')] });

  it('take the edited fields and keep what the list loaded (its comments, likes)', () => {
    const card = { ...before, edge_media_preview_like: { count: 4, edges: [] } };
    const merged = withEdit(card, edited);
    expect(merged.edge_media_to_caption.edges[0]!.node.text).toBe('new');
    expect(merged.location?.name).toBe('Lisbon');
    expect(merged.accessibility_caption).toBe('A cat');
    expect(merged.edge_media_to_tagged_user.edges).toEqual([]);
    expect(merged.edge_media_preview_like.count).toBe(4);
    const other = { ...before, id: '2' };
    expect(withEdit(other, edited)).toBe(other);
  });

  it('update the feed, the grids and the post page', () => {
    const client = new QueryClient();
    const list = (): InfiniteData<NodePage> => ({ pages: [{ nodes: [before, { ...before, id: '2' }] }], pageParams: [null] });
    client.setQueryData(['feed'], list());
    client.setQueryData(['profile-posts', '5'], list());
    client.setQueryData(['hashtag-media', 'sun'], list());
    applyEditToCaches(client, edited);
    for (const key of [['feed'], ['profile-posts', '5'], ['hashtag-media', 'sun']]) {
      const nodes = client.getQueryData<InfiniteData<NodePage>>(key)!.pages[0]!.nodes;
      expect(nodes.map((n) => n.edge_media_to_caption.edges[0]?.node.text)).toEqual(['new', 'old']);
    }
    expect(client.getQueryData<{ graphql: { shortcode_media: MediaNode } }>(postPageKey('abc'))?.graphql.shortcode_media).toBe(edited);
    expect(client.getQueryState(['hashtag-media', 'sun'])?.isInvalidated).toBe(true);
  });
});
