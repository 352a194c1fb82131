import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { MediaNode } from '@shutter/contract';
import { localStore } from '../../lib/storage';
import { FEED_KEY, fetchFeed, readFeedCache, takeInitialFeed, writeFeedCache, type FeedAnswer } from './feed-api';
import { countNewOrganic, feedFailed, feedItemOf, feedReducer, initialFeedState, type FeedPageState, type FeedState } from './feed-reducer';

type FeedData = InfiniteData<FeedAnswer, string | null>;

/** Scrolled further than this, a refreshed feed waits (staged) behind a "new posts" pill. */
const STAGE_BELOW_PX = 600;
/** Coming back to the tab after this long refreshes the feed. */
const REFRESH_AFTER_HIDDEN_MS = 60_000;

function combined(data: InfiniteData<FeedAnswer, unknown>): { nodes: MediaNode[]; page: FeedPageState } {
  const nodes = data.pages.flatMap((page) => page.nodes);
  const last = data.pages[data.pages.length - 1];
  return { nodes, page: { items: nodes.map(feedItemOf), paginationInfo: last?.page.paginationInfo ?? initialFeedState.paginationInfo } };
}

function nodeMap(nodes: MediaNode[], into: Record<string, MediaNode> = {}): Record<string, MediaNode> {
  const next = { ...into };
  for (const node of nodes) next[node.id] = node;
  return next;
}

/**
 * The first state: the query cache (coming back to `/`), else the page the HTML carried (a first
 * visit), else the stored feed, else empty.
 */
function initial(client: QueryClient): { state: FeedState; nodes: Record<string, MediaNode> } {
  if (!client.getQueryData<FeedData>(FEED_KEY)) {
    const embedded = takeInitialFeed();
    if (embedded) {
      client.setQueryData<FeedData>(FEED_KEY, { pages: [embedded], pageParams: [null] });
      writeFeedCache(localStore(), embedded);
    }
  }
  const data = client.getQueryData<FeedData>(FEED_KEY);
  if (data) {
    const { nodes, page } = combined(data);
    return { state: feedReducer(initialFeedState, { type: 'networkLoaded', page }), nodes: nodeMap(nodes) };
  }
  const loading = feedReducer(initialFeedState, { type: 'load' });
  const cached = readFeedCache(localStore());
  if (!cached) return { state: loading, nodes: {} };
  return { state: feedReducer(loading, { type: 'cacheLoaded', page: cached.page }), nodes: nodeMap(cached.nodes) };
}

/**
 * The home feed: TanStack Query fetches (first page, next pages, refetches) and the spec's reducer
 * holds what is shown (cache then network, appended pages, staged refreshes, the badge count).
 */
export function useFeed() {
  const client = useQueryClient();
  const [start] = useState(() => initial(client));
  const [state, dispatch] = useReducer(feedReducer, start.state);
  const [nodes, setNodes] = useState(start.nodes);
  const processed = useRef({ updatedAt: client.getQueryState(FEED_KEY)?.dataUpdatedAt ?? 0, pages: client.getQueryData<FeedData>(FEED_KEY)?.pages.length ?? 0 });
  const shownIds = useRef<string[]>([]);
  shownIds.current = state.items.map((item) => item.postId);

  const query = useInfiniteQuery({
    queryKey: FEED_KEY,
    queryFn: ({ pageParam }) => {
      const loaded = client.getQueryData<FeedData>(FEED_KEY);
      const cachedIds = loaded ? combined(loaded).nodes.map((node) => node.id) : shownIds.current;
      if (pageParam) return fetchFeed({ kind: 'next', cursor: pageParam, cachedIds });
      return fetchFeed(loaded ? { kind: 'refresh', cachedIds } : { kind: 'first' });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.page.paginationInfo.hasNextPage && last.page.paginationInfo.endCursor ? last.page.paginationInfo.endCursor : undefined),
    staleTime: 60_000,
  });

  // Each new answer goes through the reducer once: more pages append, anything else replaces.
  useEffect(() => {
    const data = query.data;
    if (!data || query.dataUpdatedAt === processed.current.updatedAt) return;
    const before = processed.current.pages;
    processed.current = { updatedAt: query.dataUpdatedAt, pages: data.pages.length };
    const all = combined(data);
    setNodes((current) => nodeMap(all.nodes, current));
    if (before > 0 && data.pages.length > before) {
      for (const page of data.pages.slice(before)) dispatch({ type: 'nextPageLoaded', page: page.page });
    } else if (before === 0) {
      dispatch({ type: 'networkLoaded', page: all.page });
    } else if (window.scrollY > STAGE_BELOW_PX && countNewOrganic(all.page.items, shownIds.current) > 0) {
      dispatch({ type: 'staged', page: all.page });
    } else {
      dispatch({ type: 'refreshed', page: all.page });
    }
    if (data.pages[0]) writeFeedCache(localStore(), data.pages[0]);
  }, [query.data, query.dataUpdatedAt]);

  const failedAt = useRef(0);
  useEffect(() => {
    if (!query.error || query.errorUpdatedAt === failedAt.current) return;
    failedAt.current = query.errorUpdatedAt;
    dispatch(feedFailed(query.error, query.isFetchNextPageError ? 'nextPage' : 'load'));
  }, [query.error, query.errorUpdatedAt, query.isFetchNextPageError]);

  const { refetch, fetchNextPage } = query;
  useEffect(() => {
    let hiddenAt = 0;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt > REFRESH_AFTER_HIDDEN_MS) void refetch();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [refetch]);

  // Next pages wait for the network answer: the stored feed's cursor may be stale.
  const canLoadMore = state.paginationInfo.hasNextPage && state.currentState === 'network' && !query.isFetching;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);
  const retry = useCallback(() => {
    dispatch({ type: 'load' });
    void (query.isFetchNextPageError ? fetchNextPage() : refetch());
  }, [query.isFetchNextPageError, fetchNextPage, refetch]);
  const commitStaged = useCallback(() => {
    dispatch({ type: 'commitStaged' });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  const posts = state.items.map((item) => nodes[item.postId]).filter((node): node is MediaNode => !!node);
  return {
    state,
    posts,
    loadMore,
    canLoadMore,
    loadingMore: query.isFetchingNextPage,
    nextPageFailed: state.failed && query.isFetchNextPageError,
    retry,
    commitStaged,
    revertStaged: () => dispatch({ type: 'revertStaged' }),
  };
}
