import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MediaNode } from '@shutter/contract';
import { pageDataKey } from '../../lib/page-data';

/** Query keys of the posts area, and the cache surgery a deletion needs. */
export const PROFILE_POSTS_KEY = 'profile-posts';
export const profilePostsKey = (userId: string) => [PROFILE_POSTS_KEY, userId] as const;
export const postPagePath = (shortcode: string) => `/p/${shortcode}/`;
export const postPageKey = (shortcode: string) => pageDataKey(postPagePath(shortcode));

export interface PostPageData {
  graphql: { shortcode_media: MediaNode };
  status: 'ok';
}

export interface NodePage {
  nodes: MediaNode[];
}

/** Spec 002 §4: a deleted post leaves every cached list (the feed and each profile grid). */
export function removePostFromCaches(client: QueryClient, post: MediaNode): void {
  const drop = (data: InfiniteData<NodePage> | undefined) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, nodes: page.nodes.filter((node) => node.id !== post.id) })) } : data;
  client.setQueriesData<InfiniteData<NodePage>>({ queryKey: ['feed'] }, drop);
  client.setQueriesData<InfiniteData<NodePage>>({ queryKey: [PROFILE_POSTS_KEY] }, drop);
  client.removeQueries({ queryKey: postPageKey(post.shortcode) });
  // The owner's post count in the profile header.
  void client.invalidateQueries({ queryKey: pageDataKey(`/${post.owner.username}/`) });
}
