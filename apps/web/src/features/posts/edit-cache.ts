import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MediaNode } from '@shutter/contract';
import { localStore, type KeyValueStorage } from '../../lib/storage';
import { readFeedCache, writeFeedCache } from '../feed/feed-api';
import { PROFILE_POSTS_KEY, postPageKey, type NodePage, type PostPageData } from './post-keys';

/** The lists that hold whole posts: the feed, and every grid (profile, saved, tagged, hashtag, place). */
const LISTS = [['feed'], [PROFILE_POSTS_KEY], ['saved-posts'], ['tagged-posts'], ['hashtag-media'], ['location-media']] as const;
/** Lists whose members an edit may change (a hashtag, a place or a tag added or taken away). */
const MEMBERSHIP = [['tagged-posts'], ['hashtag-media'], ['location-media']] as const;

/**
 * `node` with what an edit changes taken from `edited`: caption, place, alt text and tags. The
 * rest (comments, likes) stays as the list loaded it: a feed card keeps its two newest comments.
 */
export function withEdit<N extends MediaNode>(node: N, edited: MediaNode): N {
  if (node.id !== edited.id) return node;
  return {
    ...node,
    edge_media_to_caption: edited.edge_media_to_caption,
    location: edited.location,
    accessibility_caption: edited.accessibility_caption,
    edge_media_to_tagged_user: edited.edge_media_to_tagged_user,
    edge_sidecar_to_children: edited.edge_sidecar_to_children,
  };
}

export function replaceInFeedCache(storage: KeyValueStorage | null, edited: MediaNode): void {
  const cached = readFeedCache(storage);
  if (!cached || !cached.nodes.some((node) => node.id === edited.id)) return;
  writeFeedCache(storage, { ...cached, nodes: cached.nodes.map((node) => withEdit(node, edited)) });
}

/** After a saved edit: every cached list and the post's page show the post as edited. */
export function applyEditToCaches(client: QueryClient, edited: MediaNode): void {
  const update = (data: InfiniteData<NodePage> | undefined) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, nodes: page.nodes.map((node) => withEdit(node, edited)) })) } : data;
  for (const queryKey of LISTS) client.setQueriesData<InfiniteData<NodePage>>({ queryKey }, update);
  // The edit answers the post as its page shows it (first comments and all).
  client.setQueryData<PostPageData>(postPageKey(edited.shortcode), { graphql: { shortcode_media: edited }, status: 'ok' });
  for (const queryKey of MEMBERSHIP) void client.invalidateQueries({ queryKey });
  replaceInFeedCache(localStore(), edited);
}
