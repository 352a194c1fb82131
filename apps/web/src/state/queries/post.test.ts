import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { MediaNode } from '@shutter/contract';
import { FEED_KEY } from './feed';
import { addPublishedPostToCaches, postPageKey, postViewOf, profilePostsKey, removePostFromCaches, updatePostInCaches, withLike, type NodePage, type PostPageData } from './post';

const post = (id: string, liked = false, count = 0) =>
  ({ id, shortcode: `s${id}`, status: 'ready', owner: { id: 'u5', username: 'owner' }, viewer_has_liked: liked, viewer_has_saved: false, edge_media_preview_like: { count, edges: [] } }) as unknown as MediaNode;
const list = (...nodes: MediaNode[]): InfiniteData<NodePage & { count?: number }> => ({ pages: [{ nodes, count: nodes.length }], pageParams: [null] });
const nodesOf = (client: QueryClient, key: readonly unknown[]) => client.getQueryData<InfiniteData<NodePage>>(key)?.pages.flatMap((page) => page.nodes) ?? [];

function cached() {
  const client = new QueryClient();
  client.setQueryData(FEED_KEY, list(post('1', false, 10), post('2')));
  client.setQueryData(profilePostsKey('u5'), list(post('1', false, 11)));
  client.setQueryData<PostPageData>(postPageKey('s1'), { graphql: { shortcode_media: post('1', true, 12) }, status: 'ok' });
  // Not a post: an activity row's thumbnail of the same post.
  client.setQueryData(['page', '/accounts/activity/'], { media: { id: '1', shortcode: 's1', thumbnail_src: '' } });
  return client;
}

describe('the posts resource', () => {
  it('shows a pending like over each server copy, by its own count', () => {
    expect(postViewOf(post('1', false, 10), true, undefined)).toMatchObject({ liked: true, likeCount: 11 });
    expect(postViewOf(post('1', true, 12), true, undefined)).toMatchObject({ liked: true, likeCount: 12 });
    expect(postViewOf(post('1', true, 12), undefined, undefined)).toMatchObject({ liked: true, likeCount: 12 });
  });

  it('writes a confirmed like into every cached copy of the post, and only posts', () => {
    const client = cached();
    updatePostInCaches(client, '1', (node) => withLike(node, true));
    expect(nodesOf(client, FEED_KEY).map((n) => [n.id, n.viewer_has_liked, n.edge_media_preview_like.count])).toEqual([
      ['1', true, 11],
      ['2', false, 0],
    ]);
    expect(nodesOf(client, profilePostsKey('u5'))[0]).toMatchObject({ viewer_has_liked: true, edge_media_preview_like: { count: 12 } });
    expect(client.getQueryData<PostPageData>(postPageKey('s1'))?.graphql.shortcode_media.edge_media_preview_like.count).toBe(12);
    expect(client.getQueryData(['page', '/accounts/activity/'])).toEqual({ media: { id: '1', shortcode: 's1', thumbnail_src: '' } });
  });

  it('a published post heads the feed and the owner grid (count + 1) and fills its page', () => {
    const client = cached();
    addPublishedPostToCaches(client, post('9'));
    expect(nodesOf(client, FEED_KEY).map((n) => n.id)).toEqual(['9', '1', '2']);
    expect(nodesOf(client, profilePostsKey('u5')).map((n) => n.id)).toEqual(['9', '1']);
    expect(client.getQueryData<InfiniteData<{ count: number }>>(profilePostsKey('u5'))?.pages[0]?.count).toBe(2);
    expect(client.getQueryData<PostPageData>(postPageKey('s9'))?.graphql.shortcode_media.id).toBe('9');
  });

  it('a post still encoding waits for the grid only', () => {
    const client = cached();
    addPublishedPostToCaches(client, { ...post('9'), status: 'processing' });
    expect(nodesOf(client, FEED_KEY).map((n) => n.id)).toEqual(['1', '2']);
    expect(nodesOf(client, profilePostsKey('u5')).map((n) => n.id)).toEqual(['9', '1']);
    expect(client.getQueryData(postPageKey('s9'))).toBeUndefined();
  });

  it('a deleted post leaves the feed, the grids and its page', () => {
    const client = cached();
    removePostFromCaches(client, post('1'));
    expect(nodesOf(client, FEED_KEY).map((n) => n.id)).toEqual(['2']);
    expect(nodesOf(client, profilePostsKey('u5'))).toEqual([]);
    expect(client.getQueryData(postPageKey('s1'))).toBeUndefined();
  });
});
