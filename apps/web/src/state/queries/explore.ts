import { useInfiniteQuery } from '@tanstack/react-query';
import type { ExploreClusterResult, ExploreResult, MediaNode } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { runQuery } from '../../lib/run-query';
import { createOptimistic, usePendingAll } from '../optimistic';
import { useToast } from '../toast/toast-context';
import { GRID_PAGE } from './profile';

/** The explore resource: the ranked grid (all, or one topical cluster), its chips, and "not interested". */

export const EXPLORE_MEDIA_KEY = 'explore-media';
/** `cluster` null is the whole explore grid. */
export const exploreMediaKey = (cluster: string | null) => [EXPLORE_MEDIA_KEY, cluster ?? ''] as const;

export interface ExploreGridPage {
  nodes: MediaNode[];
  clusters: ExploreClusterResult[];
  pageInfo: { has_next_page: boolean; end_cursor: string | null };
}

export const exploreGridPage = (explore: ExploreResult): ExploreGridPage => ({
  nodes: explore.edge_explore_media.edges.map((e) => e.node as MediaNode),
  clusters: explore.clusters,
  pageInfo: explore.edge_explore_media.page_info,
});

/**
 * A session's pages rank on one snapshot; a refetch starts a new session from its first page, and
 * each next page follows the cursor of the page just fetched, so no post shows twice.
 */
export function useExploreMedia(cluster: string | null) {
  return useInfiniteQuery({
    queryKey: exploreMediaKey(cluster),
    queryFn: async ({ pageParam }) =>
      exploreGridPage((await runQuery<{ explore: ExploreResult }>('explore_media', { first: GRID_PAGE, after: pageParam, ...(cluster ? { cluster } : {}) })).explore),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ExploreGridPage) => (page.pageInfo.has_next_page && page.pageInfo.end_cursor ? page.pageInfo.end_cursor : undefined),
    staleTime: 5 * 60_000,
  });
}

export type ExploreQuery = ReturnType<typeof useExploreMedia>;

/** `POST /web/explore/not_interested/{id}/` hides a post from the viewer's explore for good; `.../undo/` lets it come back. */
export const notInterestedUrl = (mediaId: string, hidden: boolean) => `/web/explore/not_interested/${mediaId}/${hidden ? '' : 'undo/'}`;
export const setNotInterested = (mediaId: string, hidden: boolean) => apiPost(notInterestedUrl(mediaId, hidden), {}, { result: (r) => r.ok });

/** Pending "not interested" per media id (state/optimistic.ts): true takes the tile out of every grid at once. */
export const exploreHides = createOptimistic<boolean>();
/** Posts the server confirmed hidden in this session: cached grids keep them until their next fetch. */
const confirmedHidden = new Set<string>();

/** Whether a post is out of explore: the pending value, else what the server confirmed. */
export function isHiddenFromExplore(mediaId: string, pending: ReadonlyMap<string, boolean>): boolean {
  return pending.get(mediaId) ?? confirmedHidden.has(mediaId);
}

/** The grids' filter, re-rendering as hides start and end. */
export function useHiddenFromExplore(): (mediaId: string) => boolean {
  const pending = usePendingAll(exploreHides);
  return (mediaId) => isHiddenFromExplore(mediaId, pending);
}

/** Hides (or brings back) a post: shown at once, confirmed by the server, undone on failure. */
export function requestNotInterested(mediaId: string, hidden: boolean): Promise<void> {
  return exploreHides.request(mediaId, hidden, {
    server: confirmedHidden.has(mediaId),
    send: async (value) => {
      await setNotInterested(mediaId, value);
      return value;
    },
    commit: (value) => void (value ? confirmedHidden.add(mediaId) : confirmedHidden.delete(mediaId)),
  });
}

/** "Not interested": the tile goes at once, then a toast offers to undo; a failure brings it back and says so. */
export function useNotInterested() {
  const t = useT();
  const { showToast } = useToast();
  const undo = (post: MediaNode) => requestNotInterested(post.id, false).catch(() => showToast({ text: t('explore.undoFailed') }));
  return (post: MediaNode) =>
    void requestNotInterested(post.id, true).then(
      () => showToast({ text: t('explore.hidden'), actionText: t('explore.undo'), onAction: () => void undo(post) }),
      () => showToast({ text: t('explore.hideFailed') }),
    );
}
