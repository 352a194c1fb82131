import type { MediaNode } from '@shutter/contract';
import { createShadowStore, useShadow } from '../../lib/shadow-store';

/** The optimistic overlay of a post: what the viewer just did, before (or without) a refetch. */
export interface PostShadow {
  liked: boolean;
  saved: boolean;
  likeCount: number;
  deleted: boolean;
}

export const postShadows = createShadowStore<PostShadow>();

export interface PostView {
  liked: boolean;
  saved: boolean;
  likeCount: number;
  deleted: boolean;
}

export function mergePostShadow(post: MediaNode, shadow: Partial<PostShadow> | undefined): PostView {
  return {
    liked: shadow?.liked ?? post.viewer_has_liked,
    saved: shadow?.saved ?? post.viewer_has_saved,
    likeCount: shadow?.likeCount ?? post.edge_media_preview_like.count,
    deleted: shadow?.deleted ?? false,
  };
}

export function usePostView(post: MediaNode): PostView {
  return mergePostShadow(post, useShadow(postShadows, post.id));
}
