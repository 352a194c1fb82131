import type { CommentNode } from '@shutter/contract';
import { createShadowStore, useShadow } from '../../lib/shadow-store';

/** Optimistic overlay of a comment's like (spec 000 §4 "Comment like"). */
export interface CommentShadow {
  liked: boolean;
  likeCount: number;
  deleted: boolean;
}

export const commentShadows = createShadowStore<CommentShadow>();

export interface CommentView {
  liked: boolean;
  likeCount: number;
  deleted: boolean;
}

export function mergeCommentShadow(comment: CommentNode, shadow: Partial<CommentShadow> | undefined): CommentView {
  return {
    liked: shadow?.liked ?? comment.viewer_has_liked,
    likeCount: shadow?.likeCount ?? comment.edge_liked_by.count,
    deleted: shadow?.deleted ?? false,
  };
}

export function useCommentView(comment: CommentNode): CommentView {
  return mergeCommentShadow(comment, useShadow(commentShadows, comment.id));
}

/** The patch a like (or unlike) applies on top of what the viewer sees now. */
export function commentLikePatch(view: CommentView, like: boolean): Partial<CommentShadow> {
  if (view.liked === like) return { liked: like, likeCount: view.likeCount };
  return { liked: like, likeCount: Math.max(0, view.likeCount + (like ? 1 : -1)) };
}
