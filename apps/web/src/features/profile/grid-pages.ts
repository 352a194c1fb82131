import type { InfiniteData } from '@tanstack/react-query';
import { GRID_PAGE_SIZE, type Edges, type MediaNode } from '@shutter/contract';

/** One page of a profile grid (posts, saved, tagged), as the grids keep it in the cache. */
export interface GridPage<N extends MediaNode = MediaNode> {
  nodes: N[];
  count: number;
  pageInfo: { has_next_page: boolean; end_cursor: string | null };
}

export type GridData<N extends MediaNode = MediaNode> = InfiniteData<GridPage<N>>;

export const GRID_PAGE = GRID_PAGE_SIZE;
export const savedPostsKey = ['saved-posts'] as const;
export const taggedPostsKey = (userId: string) => ['tagged-posts', userId] as const;

export function toGridPage<N extends MediaNode>(edge: Edges<N> & { count: number }): GridPage<N> {
  return { nodes: edge.edges.map((e) => e.node), count: edge.count, pageInfo: edge.page_info };
}

export function nextCursor(page: GridPage): string | undefined {
  return page.pageInfo.has_next_page && page.pageInfo.end_cursor ? page.pageInfo.end_cursor : undefined;
}
