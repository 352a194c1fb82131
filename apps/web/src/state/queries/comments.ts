import { useReducer } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { COMMENT_LIKES_PAGE, PARENT_COMMENTS_PAGE, type CommentNode, type Edges, type MediaNode, type UserSummary } from '@shutter/contract';
import { useToast } from '../toast/toast-context';
import { emptyPendingComment, pendingCommentReducer } from './pending-comment';
import { apiPost, firstServerError } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { patchEverywhere } from '../cache-walk';
import { createGoneSet, useGone } from '../gone';
import { countWith, createOptimistic, usePending } from '../optimistic';

/** The comments resource: a post's comments, replies and comment likes, adding, liking and deleting. */

export type CommentPage = Edges<CommentNode> & { count: number };
type UserPage = Edges<UserSummary> & { count: number };

export const parentCommentsKey = (shortcode: string) => ['parent-comments', shortcode] as const;
export const childCommentsKey = (commentId: string) => ['child-comments', commentId] as const;
/** Spec 000 §3: comment like lists are kept per comment id. */
export const commentLikesKey = (commentId: string) => ['comment-likes', commentId] as const;

const nextCursor = (page: { page_info: { has_next_page: boolean; end_cursor: string | null } }) =>
  page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined;

/** Parent comments, 24 a page, oldest first; the first page comes with the post page data. */
export function useParentComments(post: MediaNode) {
  return useInfiniteQuery({
    queryKey: parentCommentsKey(post.shortcode),
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<{ shortcode_media: { edge_media_to_parent_comment: CommentPage } }>('parent_comments', {
        shortcode: post.shortcode,
        first: PARENT_COMMENTS_PAGE,
        after: pageParam,
      });
      return data.shortcode_media.edge_media_to_parent_comment;
    },
    initialPageParam: null as string | null,
    initialData: { pages: [post.edge_media_to_parent_comment], pageParams: [null] },
    getNextPageParam: nextCursor,
    staleTime: Infinity,
  });
}

/** More replies of a parent, after the ones its edge already carries. */
export function useChildComments(parent: CommentNode, enabled: boolean) {
  const after = parent.edge_threaded_comments?.page_info.end_cursor ?? null;
  return useInfiniteQuery({
    queryKey: childCommentsKey(parent.id),
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<{ comment: { edge_threaded_comments: CommentPage } }>('child_comments', { comment_id: parent.id, first: PARENT_COMMENTS_PAGE, after: pageParam });
      return data.comment.edge_threaded_comments;
    },
    initialPageParam: after,
    getNextPageParam: nextCursor,
    enabled,
  });
}

/** Spec 002 §9: comment likes 24 a page, 1 page preloaded when the list opens. */
export function useCommentLikes(commentId: string) {
  return useInfiniteQuery({
    queryKey: commentLikesKey(commentId),
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<{ comment: { edge_liked_by: UserPage } }>('comment_likes', { comment_id: commentId, first: COMMENT_LIKES_PAGE, after: pageParam });
      return data.comment.edge_liked_by;
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

function appendComment(data: InfiniteData<CommentPage> | undefined, comment: CommentNode, parentId: string | null): InfiniteData<CommentPage> | undefined {
  if (!data) return data;
  if (!parentId) {
    const pages = [...data.pages];
    const last = pages[pages.length - 1]!;
    pages[pages.length - 1] = { ...last, count: last.count + 1, edges: [...last.edges, { node: comment }] };
    return { ...data, pages };
  }
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      edges: page.edges.map((edge) => {
        if (edge.node.id !== parentId) return edge;
        const thread = edge.node.edge_threaded_comments ?? { count: 0, edges: [], page_info: { has_next_page: false, end_cursor: null } };
        return { node: { ...edge.node, edge_threaded_comments: { ...thread, count: thread.count + 1, edges: [...thread.edges, { node: comment }] } } };
      }),
    })),
  };
}

/** The add-comment box's state and its submission; `onAdded` receives the saved comment. */
export function useAddComment(post: MediaNode, onAdded?: (comment: CommentNode) => void) {
  const t = useT();
  const client = useQueryClient();
  const [pending, dispatch] = useReducer(pendingCommentReducer, emptyPendingComment);
  const mutation = useMutation({
    mutationFn: (fields: { comment_text: string; replied_to_comment_id: string | null }) => apiPost<{ comment: CommentNode }>(`/web/comments/${post.id}/add/`, fields),
    onSuccess: ({ comment }, fields) => {
      // Replies to a reply hang under its parent: the server answers which thread it joined.
      const parentId = fields.replied_to_comment_id;
      const parents = client.getQueryData<InfiniteData<CommentPage>>(parentCommentsKey(post.shortcode));
      const isParent = !!parents?.pages.some((page) => page.edges.some((edge) => edge.node.id === parentId));
      client.setQueryData<InfiniteData<CommentPage>>(parentCommentsKey(post.shortcode), (data) => appendComment(data, comment, isParent ? parentId : null));
      dispatch({ type: 'succeeded' });
      onAdded?.(comment);
    },
    onError: (error) => dispatch({ type: 'failed', message: firstServerError(error, t('comments.postFailed')) }),
  });
  const submit = () => {
    if (pending.committing || !pending.text.trim()) return;
    dispatch({ type: 'commit' });
    mutation.mutate({ comment_text: pending.text.trim(), replied_to_comment_id: pending.repliedToCommentId });
  };
  return { pending, dispatch, submit };
}

/** Pending comment likes per comment id (state/optimistic.ts), and comments deleted in this session. */
export const commentLikes = createOptimistic<boolean>();
export const deletedComments = createGoneSet();

/** A comment as the viewer sees it: the server copy with the pending like applied. */
export interface CommentView {
  liked: boolean;
  likeCount: number;
  deleted: boolean;
}

export function commentViewOf(comment: CommentNode, like: boolean | undefined, deleted = false): CommentView {
  return { liked: like ?? comment.viewer_has_liked, likeCount: countWith(comment.edge_liked_by.count, comment.viewer_has_liked, like), deleted };
}

export function useCommentView(comment: CommentNode): CommentView {
  return commentViewOf(comment, usePending(commentLikes, comment.id), useGone(deletedComments, comment.id));
}

/** The server copy of a comment once a like is confirmed. */
export function withCommentLike(comment: CommentNode, liked: boolean): CommentNode {
  if (comment.viewer_has_liked === liked) return comment;
  return { ...comment, viewer_has_liked: liked, edge_liked_by: { ...comment.edge_liked_by, count: countWith(comment.edge_liked_by.count, comment.viewer_has_liked, liked) } };
}

const isComment =
  (id: string) =>
  (value: object): value is CommentNode =>
    (value as CommentNode).id === id && 'edge_liked_by' in value && 'viewer_has_liked' in value;

/** Changes a comment wherever a copy of it is cached (its post's comments, a feed card's preview). */
export function updateCommentInCaches(client: QueryClient, id: string, update: (comment: CommentNode) => CommentNode): void {
  patchEverywhere(client, isComment(id), update);
}

/** R-000-comment-likes-1/2: optimistic like and unlike, rolled back (with a toast) on failure. */
export function useLikeComment(comment: CommentNode, view: CommentView) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  return () => {
    const like = !view.liked;
    commentLikes
      .request(comment.id, like, {
        server: comment.viewer_has_liked,
        send: async (value) => {
          await apiPost(`/web/comments/${value ? 'like' : 'unlike'}/${comment.id}/`);
          return value;
        },
        commit: (value) => updateCommentInCaches(client, comment.id, (node) => withCommentLike(node, value)),
      })
      .catch(() => showToast({ text: t(like ? 'comments.likeFailed' : 'comments.unlikeFailed') }));
  };
}

export function useDeleteComment(post: MediaNode, comment: CommentNode) {
  const t = useT();
  const { showToast } = useToast();
  const mutation = useMutation({
    mutationFn: () => apiPost(`/web/comments/${post.id}/delete/${comment.id}/`),
    onSuccess: () => {
      deletedComments.add(comment.id);
      showToast({ text: t('comments.deleted') });
    },
    onError: () => showToast({ text: t('comments.deleteFailed'), actionText: t('post.retry'), onAction: () => mutation.mutate() }),
  });
  return { remove: () => mutation.mutate(), busy: mutation.isPending };
}
