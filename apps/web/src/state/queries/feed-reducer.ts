import type { MediaNode } from '@shutter/contract';

/** Spec 000 §3 and §4: the home feed's state, kept apart from the fetched posts themselves. */
export type FeedItemType = 'image' | 'sidecar' | 'video' | 'stories' | 'suggested';
export type FeedCurrentState = 'init' | 'cache' | 'cache_paginated' | 'network';

export interface FeedItem {
  postId: string;
  type: FeedItemType;
}

export interface PaginationInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface FeedPageState {
  items: FeedItem[];
  paginationInfo: PaginationInfo;
}

export interface FeedState extends FeedPageState {
  currentState: FeedCurrentState;
  isLoading: boolean;
  failed: boolean;
  badgeCount: number;
  /** Ids shown from the cache, the reference for the badge count. */
  cachedIds: string[];
  /** A newer feed waiting for the viewer to commit it (or to revert it). */
  staged: FeedPageState | null;
}

export type FeedAction =
  | { type: 'load' }
  | { type: 'cacheLoaded'; page: FeedPageState }
  | { type: 'networkLoaded'; page: FeedPageState }
  | { type: 'nextPageLoaded'; page: FeedPageState }
  | { type: 'refreshed'; page: FeedPageState }
  | { type: 'staged'; page: FeedPageState }
  | { type: 'commitStaged' }
  | { type: 'revertStaged' }
  | { type: 'failed' };

export const initialFeedState: FeedState = {
  currentState: 'init',
  isLoading: false,
  failed: false,
  items: [],
  paginationInfo: { hasNextPage: false, endCursor: null },
  badgeCount: 0,
  cachedIds: [],
  staged: null,
};

const ORGANIC: ReadonlySet<FeedItemType> = new Set(['image', 'sidecar', 'video']);

/** Spec 000 §3: only image, sidecar and video items are organic (not stories or suggestions). */
export function isOrganic(item: FeedItem): boolean {
  return ORGANIC.has(item.type);
}

/** Organic items of `items` that were not among `seenIds`. */
export function countNewOrganic(items: FeedItem[], seenIds: string[]): number {
  const seen = new Set(seenIds);
  return items.filter((item) => isOrganic(item) && !seen.has(item.postId)).length;
}

export function feedItemOf(node: Pick<MediaNode, 'id' | '__typename'>): FeedItem {
  const type: FeedItemType = node.__typename === 'GraphSidecar' ? 'sidecar' : node.__typename === 'GraphVideo' ? 'video' : 'image';
  return { postId: node.id, type };
}

function appendUnique(items: FeedItem[], more: FeedItem[]): FeedItem[] {
  const ids = new Set(items.map((item) => item.postId));
  return [...items, ...more.filter((item) => !ids.has(item.postId))];
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'load':
      return { ...state, isLoading: true, failed: false };
    case 'cacheLoaded':
      // The cache only fills an empty feed; a network answer that came first wins.
      if (state.currentState !== 'init') return state;
      return { ...state, ...action.page, currentState: 'cache', isLoading: false, cachedIds: action.page.items.map((i) => i.postId) };
    case 'networkLoaded':
      return {
        ...state,
        ...action.page,
        currentState: 'network',
        isLoading: false,
        failed: false,
        badgeCount: state.cachedIds.length > 0 ? countNewOrganic(action.page.items, state.cachedIds) : 0,
      };
    case 'nextPageLoaded':
      return {
        ...state,
        items: appendUnique(state.items, action.page.items),
        paginationInfo: action.page.paginationInfo,
        currentState: state.currentState === 'cache' ? 'cache_paginated' : state.currentState,
        isLoading: false,
        failed: false,
      };
    case 'refreshed':
      return { ...state, ...action.page, currentState: 'network', isLoading: false, failed: false, staged: null, badgeCount: 0 };
    case 'staged':
      return { ...state, staged: action.page, badgeCount: countNewOrganic(action.page.items, state.items.map((i) => i.postId)) };
    case 'commitStaged':
      if (!state.staged) return state;
      return { ...state, ...state.staged, currentState: 'network', staged: null, badgeCount: 0 };
    case 'revertStaged':
      return { ...state, staged: null, badgeCount: 0 };
    case 'failed':
      return { ...state, isLoading: false, failed: true };
  }
}

/** Spec 000 §8: a load or next-page failure is logged and puts the feed in the failed state. */
export function feedFailed(error: unknown, stage: 'load' | 'nextPage', log: (...args: unknown[]) => void = console.error): FeedAction {
  log(`Feed ${stage === 'load' ? 'load' : 'next page'} failed`, error);
  return { type: 'failed' };
}
