import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { GRID_PAGE_SIZE, type Edges, type MediaNode, type ProfileUser } from '@shutter/contract';
import { useToast } from '../toast/toast-context';
import { ApiError, apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { runQuery } from '../../lib/run-query';
import type { RelationshipFields } from './relationship';
import { profilePostsKey, savedPostsKey } from './post';

/** The profile resource: a profile's page data, its grids (posts, saved) and the privacy switch. */

/** `graphql.user` with the viewer's relationship (docs/api-graph.md). */
export type ProfileUserView = ProfileUser & RelationshipFields & { has_requested_viewer?: boolean };

export interface ProfilePageData {
  graphql: { user: ProfileUserView };
  /** Whether this profile offers similar accounts to the viewer (signed in, not the owner, allowed by the owner). */
  show_suggested_profiles?: boolean;
  status: 'ok';
}

export const profilePath = (username: string) => `/${username}/`;

/** The profile's page data; the follow lists share it (same key), so opening one costs no request. */
export function useProfileData(username: string, { enabled = true } = {}) {
  return usePageData<ProfilePageData>(profilePath(username), { enabled, result: (r) => r.pageData.profile });
}

/**
 * Whether the viewer may see this account's posts and lists. The service decides (its access
 * module weighs privacy, follows and blocks) and says so by sending the first page of posts only
 * to whoever may see them; the client never decides it again. A follow or unfollow refetches the
 * profile, so the answer follows the server, not the optimistic button.
 */
export function canSeeContent(user: ProfileUserView): boolean {
  return user.edge_owner_to_timeline_media.edges !== undefined;
}

// ---- Grids ----

/** One page of a profile grid (posts, saved, tagged), as the grids keep it in the cache. */
export interface GridPage<N extends MediaNode = MediaNode> {
  nodes: N[];
  count: number;
  pageInfo: { has_next_page: boolean; end_cursor: string | null };
}

export type GridData<N extends MediaNode = MediaNode> = InfiniteData<GridPage<N>>;

export const GRID_PAGE = GRID_PAGE_SIZE;

export function toGridPage<N extends MediaNode>(edge: Edges<N> & { count: number }): GridPage<N> {
  return { nodes: edge.edges.map((e) => e.node), count: edge.count, pageInfo: edge.page_info };
}

export function nextCursor(page: GridPage): string | undefined {
  return page.pageInfo.has_next_page && page.pageInfo.end_cursor ? page.pageInfo.end_cursor : undefined;
}

/** Spec 002 §9: the media edge polling interval, while one of the owner's videos is encoding. */
const PROCESSING_POLL_MS = 5000;

export function useProfilePosts(userId: string) {
  return useInfiniteQuery({
    queryKey: profilePostsKey(userId),
    queryFn: async ({ pageParam }): Promise<GridPage> => {
      const data = await runQueryPosts(userId, pageParam);
      return toGridPage(data.user.edge_owner_to_timeline_media);
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.nodes.some((node) => node.status === 'processing')) ? PROCESSING_POLL_MS : false),
  });
}

function runQueryPosts(userId: string, after: string | null) {
  return runQuery<{ user: { edge_owner_to_timeline_media: Edges<MediaNode> & { count: number } } }>('profile_posts', { id: userId, first: GRID_PAGE, after });
}

export function useSavedPosts() {
  return useInfiniteQuery({
    queryKey: savedPostsKey,
    queryFn: async ({ pageParam }): Promise<GridPage> => {
      const data = await runQuery<{ user: { edge_saved_media: Edges<MediaNode> & { count: number } } }>('saved_posts', { first: GRID_PAGE, after: pageParam });
      return toGridPage(data.user.edge_saved_media);
    },
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });
}

// ---- Privacy ----

interface RateLimit {
  title: string;
  message: string;
}

/** The 429 answer of a too frequent switch carries its own dialog text (docs/api-graph.md). */
function rateLimitOf(error: unknown): RateLimit | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = (error.body ?? {}) as { privacy_rate_limit_dialog_title?: string; privacy_rate_limit_dialog_message?: string };
  return { title: body.privacy_rate_limit_dialog_title ?? '', message: body.privacy_rate_limit_dialog_message ?? '' };
}

/** The private-account switch of the viewer's own profile. */
export function usePrivacySwitch(username: string) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const [limit, setLimit] = useState<RateLimit | null>(null);
  const mutation = useMutation({
    mutationFn: (makePrivate: boolean) => apiPost<{ status: 'ok'; is_private: boolean }>(makePrivate ? '/accounts/set_private/' : '/accounts/set_public/'),
    onSuccess: (answer) => {
      // The switch reads the profile's page data: write the answer there, then let it refresh.
      client.setQueryData<ProfilePageData>(pageDataKey(profilePath(username)), (data) =>
        data ? { ...data, graphql: { user: { ...data.graphql.user, is_private: answer.is_private } } } : data,
      );
      void client.invalidateQueries({ queryKey: pageDataKey(profilePath(username)) });
      showToast({ text: t(answer.is_private ? 'graph.nowPrivate' : 'graph.nowPublic') });
    },
    onError: (error, makePrivate) => {
      const rateLimit = rateLimitOf(error);
      if (rateLimit) setLimit(rateLimit);
      // The switch is back where it was; Retry makes the same change again (spec 001 §4).
      else showToast({ text: t('graph.privacyFailed'), actionText: t('prefs.retry'), onAction: () => mutation.mutate(makePrivate) });
    },
  });
  return { mutation, limit, closeLimit: () => setLimit(null) };
}
