import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { LIKED_BY_PAGE, type Edges, type MediaNode, type SpamFeedback, type UserSummary } from '@shutter/contract';
import { useToast } from '../toast/toast-context';
import { useSession } from '../session';
import { spamFeedbackOf } from '../action-rules';
import { apiPost, type FormFields } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { runQuery } from '../../lib/run-query';
import { patchEverywhere } from '../cache-walk';
import { createGoneSet, useGone } from '../gone';
import { countWith, createOptimistic, usePending } from '../optimistic';
import { useRequireLogin } from '../require-login';
import { FEED_KEY } from './feed';

/** The posts resource: query keys, the post page, like, save, edit and delete, and their cache updates. */

export const PROFILE_POSTS_KEY = 'profile-posts';
export const profilePostsKey = (userId: string) => [PROFILE_POSTS_KEY, userId] as const;
export const savedPostsKey = ['saved-posts'] as const;
export const taggedPostsKey = (userId: string) => ['tagged-posts', userId] as const;
export const HASHTAG_MEDIA_KEY = 'hashtag-media';
export const LOCATION_MEDIA_KEY = 'location-media';
export const hashtagMediaKey = (tag: string) => [HASHTAG_MEDIA_KEY, tag] as const;
export const locationMediaKey = (id: string) => [LOCATION_MEDIA_KEY, id] as const;
export const postPagePath = (shortcode: string) => `/p/${shortcode}/`;
export const postPageKey = (shortcode: string) => pageDataKey(postPagePath(shortcode));
export const profilePageKey = (username: string) => pageDataKey(`/${username}/`);

export interface PostPageData {
  graphql: { shortcode_media: MediaNode };
  status: 'ok';
}

export interface NodePage {
  nodes: MediaNode[];
}

/** The lists that hold whole posts: the feed, and every grid (profile, saved, tagged, hashtag, place). */
const LISTS = [FEED_KEY, [PROFILE_POSTS_KEY], savedPostsKey, ['tagged-posts'], [HASHTAG_MEDIA_KEY], [LOCATION_MEDIA_KEY]] as const;
/** Lists whose members an edit may change (a hashtag, a place or a tag added or taken away). */
const MEMBERSHIP = [['tagged-posts'], [HASHTAG_MEDIA_KEY], [LOCATION_MEDIA_KEY]] as const;

/** The post's page data (the post with its first comments). */
export function usePostPage(shortcode: string, { enabled = true } = {}) {
  return usePageData<PostPageData>(postPagePath(shortcode), { enabled, result: (r) => r.pageData.post });
}

const isPost =
  (id: string) =>
  (value: object): value is MediaNode =>
    (value as MediaNode).id === id && 'shortcode' in value && 'edge_media_preview_like' in value;

/** Changes a post wherever a copy of it is cached (feed, grids, its page). */
export function updatePostInCaches(client: QueryClient, id: string, update: (post: MediaNode) => MediaNode): void {
  patchEverywhere(client, isPost(id), update);
}

/** Spec 002 §4: a deleted post leaves every cached list (the feed and each grid) and its page. */
export function removePostFromCaches(client: QueryClient, post: MediaNode): void {
  const drop = (data: InfiniteData<NodePage> | undefined) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, nodes: page.nodes.filter((node) => node.id !== post.id) })) } : data;
  for (const queryKey of LISTS) client.setQueriesData<InfiniteData<NodePage>>({ queryKey }, drop);
  client.removeQueries({ queryKey: postPageKey(post.shortcode) });
  // The owner's post count in the profile header.
  void client.invalidateQueries({ queryKey: profilePageKey(post.owner.username) });
}

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

/** After a saved edit: every cached list and the post's page show the post as edited. */
export function applyEditToCaches(client: QueryClient, edited: MediaNode): void {
  const update = (data: InfiniteData<NodePage> | undefined) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, nodes: page.nodes.map((node) => withEdit(node, edited)) })) } : data;
  for (const queryKey of LISTS) client.setQueriesData<InfiniteData<NodePage>>({ queryKey }, update);
  // The edit answers the post as its page shows it (first comments and all).
  client.setQueryData<PostPageData>(postPageKey(edited.shortcode), { graphql: { shortcode_media: edited }, status: 'ok' });
  for (const queryKey of MEMBERSHIP) void client.invalidateQueries({ queryKey });
}

/**
 * A post just published (the configure answer): its page has it at once; when it is ready (not
 * encoding) it heads the feed (which holds the viewer's own posts); it heads the owner's grid, and
 * the owner's header (post count) and grid refetch, so the server's order and counts win.
 */
export function addPublishedPostToCaches(client: QueryClient, post: MediaNode): void {
  const prepend = <P extends NodePage>(data: InfiniteData<P> | undefined): InfiniteData<P> | undefined => {
    const first = data?.pages[0];
    if (!data || !first || data.pages.some((page) => page.nodes.some((node) => node.id === post.id))) return data;
    return { ...data, pages: [{ ...first, nodes: [post, ...first.nodes] }, ...data.pages.slice(1)] };
  };
  if (post.status !== 'processing') {
    client.setQueryData<PostPageData>(postPageKey(post.shortcode), (data) => data ?? { graphql: { shortcode_media: post }, status: 'ok' });
    client.setQueryData<InfiniteData<NodePage>>(FEED_KEY, prepend);
  }
  client.setQueryData<InfiniteData<NodePage & { count?: number }>>(profilePostsKey(post.owner.id), (data) => {
    const next = prepend(data);
    return next && next !== data ? { ...next, pages: next.pages.map((page) => (page.count === undefined ? page : { ...page, count: page.count + 1 })) } : next;
  });
  void client.invalidateQueries({ queryKey: profilePostsKey(post.owner.id) });
  void client.invalidateQueries({ queryKey: profilePageKey(post.owner.username) });
}

type Liker = UserSummary & { followed_by_viewer: boolean };

/** Spec 000 §3: the liked-by list is kept per post shortcode; 1 page preloaded, 24 a page. */
export const likedByKey = (shortcode: string) => ['liked-by', shortcode] as const;

export function useLikedBy(shortcode: string) {
  return useInfiniteQuery({
    queryKey: likedByKey(shortcode),
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<{ shortcode_media: { edge_liked_by: Edges<Liker> & { count: number } } }>('liked_by', {
        shortcode,
        include_reel: false,
        first: LIKED_BY_PAGE,
        after: pageParam,
      });
      return data.shortcode_media.edge_liked_by;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
  });
}

// ---- What the viewer did: pending differences over the server copies ----

/** Pending likes and saves per post id (state/optimistic.ts). */
export const postLikes = createOptimistic<boolean>();
export const postSaves = createOptimistic<boolean>();
/** Posts deleted in this session. */
export const deletedPosts = createGoneSet();

/** A post as the viewer sees it: the server copy with the pending like and save applied. */
export interface PostView {
  liked: boolean;
  saved: boolean;
  likeCount: number;
  deleted: boolean;
}

export function postViewOf(post: MediaNode, like: boolean | undefined, save: boolean | undefined, deleted = false): PostView {
  return {
    liked: like ?? post.viewer_has_liked,
    saved: save ?? post.viewer_has_saved,
    likeCount: countWith(post.edge_media_preview_like.count, post.viewer_has_liked, like),
    deleted,
  };
}

export function usePostView(post: MediaNode): PostView {
  return postViewOf(post, usePending(postLikes, post.id), usePending(postSaves, post.id), useGone(deletedPosts, post.id));
}

/** The server copy of a post once a like is confirmed: the flag and, when it changed, the count. */
export function withLike(post: MediaNode, liked: boolean): MediaNode {
  if (post.viewer_has_liked === liked) return post;
  const count = countWith(post.edge_media_preview_like.count, post.viewer_has_liked, liked);
  return { ...post, viewer_has_liked: liked, edge_media_preview_like: { ...post.edge_media_preview_like, count } };
}

/** Like and unlike (spec 002 §4): optimistic, serialised per post, rolled back on failure. */
export function useLikePost(post: MediaNode, view: PostView) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const requireLogin = useRequireLogin('likes');
  const [spam, setSpam] = useState<SpamFeedback | null>(null);
  const setLiked = (like: boolean) => {
    if (!requireLogin() || like === view.liked) return;
    postLikes
      .request(post.id, like, {
        server: post.viewer_has_liked,
        send: async (value) => {
          await apiPost(`/web/likes/${post.id}/${value ? 'like' : 'unlike'}/`);
          return value;
        },
        commit: (value) => updatePostInCaches(client, post.id, (node) => withLike(node, value)),
      })
      .catch((error: unknown) => {
        const feedback = spamFeedbackOf(error);
        if (feedback) setSpam(feedback);
        else showToast({ text: t(like ? 'post.likeFailed' : 'post.unlikeFailed') });
      });
  };
  return { toggle: () => setLiked(!view.liked), like: () => setLiked(true), spam, closeSpam: () => setSpam(null) };
}

/** Save and unsave; spec 002 §4: both refresh the viewer's profile. */
export function useSavePost(post: MediaNode, view: PostView) {
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const client = useQueryClient();
  const requireLogin = useRequireLogin('save');
  const setSaved = (save: boolean) => {
    postSaves
      .request(post.id, save, {
        server: post.viewer_has_saved,
        send: async (value) => {
          await apiPost(`/web/save/${post.id}/${value ? 'save' : 'unsave'}/`);
          return value;
        },
        commit: (value) => {
          updatePostInCaches(client, post.id, (node) => ({ ...node, viewer_has_saved: value }));
          if (viewer?.username) void client.invalidateQueries({ queryKey: profilePageKey(viewer.username) });
          // The saved tab refetches when next shown, with this post added or gone.
          void client.invalidateQueries({ queryKey: savedPostsKey });
        },
      })
      .catch(() => showToast({ text: t(save ? 'post.saveFailed' : 'post.unsaveFailed') }));
  };
  return {
    toggle: () => {
      if (requireLogin()) setSaved(!view.saved);
    },
  };
}

/**
 * Delete (spec 002 §4): on success the post leaves every cached list and `onDeleted` moves on; a
 * failure shows a toast with Retry (R-002-post-actions-7).
 */
export function useDeletePost(post: MediaNode, onDeleted?: () => void) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => apiPost<{ did_delete: boolean }>(`/create/${post.id}/delete/`),
    onSuccess: () => {
      deletedPosts.add(post.id);
      removePostFromCaches(client, post);
      showToast({ text: t('post.deleted') });
      onDeleted?.();
    },
    onError: () => showToast({ text: t('post.deleteFailed'), actionText: t('post.retry'), onAction: () => mutation.mutate() }),
  });
  return { remove: () => mutation.mutate(), busy: mutation.isPending };
}

/** Saves an edit; on success every cached list shows it and `onSaved` closes the screen. */
export function useEditPost(post: MediaNode, onSaved: () => void) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: FormFields) => apiPost<{ media: MediaNode }>(`/media/${post.id}/edit/`, fields),
    onSuccess: ({ media }) => {
      applyEditToCaches(client, media);
      showToast({ text: t('postEdit.saved') });
      onSaved();
    },
  });
}
