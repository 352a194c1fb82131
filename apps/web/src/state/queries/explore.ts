import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ExploreClusterResult, ExploreResult, MediaNode } from '@shutter/contract';
import { runQuery } from '../../lib/run-query';
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
export type ExploreData = InfiniteData<ExploreGridPage, string | null>;

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

/** Where a post sat in every explore grid of the cache, to put it back on undo. */
export type RemovedTiles = { key: readonly unknown[]; page: number; index: number; node: MediaNode }[];

export function removeFromExplore(client: QueryClient, mediaId: string): RemovedTiles {
  const removed: RemovedTiles = [];
  for (const query of client.getQueryCache().findAll({ queryKey: [EXPLORE_MEDIA_KEY] })) {
    const data = query.state.data as ExploreData | undefined;
    if (!data) continue;
    let changed = false;
    const pages = data.pages.map((page, p) => {
      const index = page.nodes.findIndex((n) => n.id === mediaId);
      if (index === -1) return page;
      changed = true;
      removed.push({ key: query.queryKey, page: p, index, node: page.nodes[index]! });
      return { ...page, nodes: page.nodes.filter((n) => n.id !== mediaId) };
    });
    if (changed) client.setQueryData<ExploreData>(query.queryKey, { ...data, pages });
  }
  return removed;
}

export function restoreToExplore(client: QueryClient, removed: RemovedTiles): void {
  for (const { key, page, index, node } of removed) {
    client.setQueryData<ExploreData>(key, (data) => {
      if (!data?.pages[page] || data.pages[page].nodes.some((n) => n.id === node.id)) return data;
      const nodes = [...data.pages[page].nodes];
      nodes.splice(Math.min(index, nodes.length), 0, node);
      return { ...data, pages: data.pages.map((p, i) => (i === page ? { ...p, nodes } : p)) };
    });
  }
}
