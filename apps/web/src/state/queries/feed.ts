import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { hashKey, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { FEED_CACHE_NAME, FEED_PAGE_SIZE, FEED_PREVIEW_COMMENTS, SOCIAL_CONTEXT_LIKERS, type FeedPage, type MediaNode } from '@shutter/contract';
import { feedFailed, feedItemOf, feedReducer, initialFeedState, countNewOrganic, type FeedAction, type FeedPageState, type FeedState, type PaginationInfo } from './feed-reducer';
import { runQuery } from '../../lib/run-query';
import { localStore, type KeyValueStorage } from '../../lib/storage';

/**
 * The home feed resource. The query cache entry under FEED_KEY is the one copy of the feed: the
 * posts, in order, page by page. A refresh that arrives while the viewer is scrolled down waits
 * under FEED_STAGED_KEY behind the "new posts" pill. The spec's state (feed-reducer.ts: cache then
 * network, appended pages, staged refresh, badge count) is derived from these entries by running
 * the reducer over them, and the first page of the entry is persisted to storage (`feed-cache`)
 * so the next visit starts from it.
 */

export const FEED_KEY = ['feed'] as const;
export const FEED_STAGED_KEY = ['feed', 'staged'] as const;

/** One page of the feed as the cache keeps it. `cached`: read from storage, not yet from the network. */
export interface FeedAnswer {
  nodes: MediaNode[];
  paginationInfo: PaginationInfo;
  cached?: boolean;
}

export type FeedData = InfiniteData<FeedAnswer, string | null>;

/** Scrolled further than this, a refreshed feed waits (staged) behind a "new posts" pill. */
const STAGE_BELOW_PX = 600;
/** Coming back to the tab after this long refreshes the feed. */
const REFRESH_AFTER_HIDDEN_MS = 60_000;
/** Coming back to `/` after this long refreshes the feed. */
const STALE_AFTER_MS = 60_000;

export type FeedRequest = { kind: 'first' } | { kind: 'refresh'; cachedIds: string[] } | { kind: 'next'; cursor: string; cachedIds: string[] };

/** Spec 000 §7: the first load sends has_threaded_comments; refresh and next page add the fetch_* flags. */
export function feedVariables(request: FeedRequest): Record<string, unknown> {
  if (request.kind === 'first') return { has_threaded_comments: true };
  return {
    has_threaded_comments: true,
    fetch_media_item_count: FEED_PAGE_SIZE,
    fetch_media_item_cursor: request.kind === 'next' ? request.cursor : null,
    fetch_comment_count: FEED_PREVIEW_COMMENTS,
    fetch_like: SOCIAL_CONTEXT_LIKERS,
    has_stories: false,
    // The server caps the list at 100 ids.
    cached_feed_item_ids: request.cachedIds.slice(0, 100),
  };
}

/** A feed post that came through a followed hashtag carries the tag's name (the card says so). */
export type FeedNode = MediaNode & { followed_hashtag?: string };

export function answerOf(data: FeedPage): FeedAnswer {
  const timeline = data.user.edge_web_feed_timeline;
  return {
    nodes: timeline.edges.map((edge): FeedNode => (edge.followed_hashtag ? { ...edge.node, followed_hashtag: edge.followed_hashtag } : edge.node)),
    paginationInfo: { hasNextPage: timeline.page_info.has_next_page, endCursor: timeline.page_info.end_cursor },
  };
}

export async function fetchFeed(request: FeedRequest): Promise<FeedAnswer> {
  return answerOf(await runQuery<FeedPage>('feed', feedVariables(request)));
}

/** Posts of the whole entry, in order, each once. */
export function feedNodes(data: { pages: { nodes: MediaNode[] }[] } | undefined): MediaNode[] {
  if (!data) return [];
  const seen = new Set<string>();
  const nodes: MediaNode[] = [];
  for (const page of data.pages)
    for (const node of page.nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      nodes.push(node);
    }
  return nodes;
}

/** The reducer's view of one page: its items and cursor. */
export function pageStateOf(answer: Pick<FeedAnswer, 'nodes' | 'paginationInfo'>): FeedPageState {
  return { items: answer.nodes.map(feedItemOf), paginationInfo: answer.paginationInfo };
}

function entryState(data: FeedData): FeedPageState {
  const last = data.pages[data.pages.length - 1];
  return { items: feedNodes(data).map(feedItemOf), paginationInfo: last?.paginationInfo ?? initialFeedState.paginationInfo };
}

// ---- Storage: the cache entry's first page, for the next visit ----

interface StoredFeed {
  data: FeedData;
  savedAt: number;
}

/** Spec 000 §9: the last feed is kept under `feed-cache` and shown at once on the next visit. */
export function readFeedCache(storage: KeyValueStorage | null): FeedData | null {
  try {
    const raw = storage?.getItem(FEED_CACHE_NAME);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredFeed;
    const page = stored.data?.pages?.[0];
    if (!page || !Array.isArray(page.nodes) || typeof page.paginationInfo !== 'object') return null;
    return { pages: [{ ...page, cached: true }], pageParams: [null] };
  } catch {
    return null;
  }
}

/** Keeps the entry's first page only: enough to paint at once without filling the storage quota. */
export function writeFeedCache(storage: KeyValueStorage | null, data: FeedData): void {
  const first = data.pages[0];
  if (!first) return;
  const page: FeedAnswer = { nodes: first.nodes.slice(0, FEED_PAGE_SIZE), paginationInfo: first.paginationInfo };
  const stored: StoredFeed = { data: { pages: [page], pageParams: [null] }, savedAt: Date.now() };
  try {
    storage?.setItem(FEED_CACHE_NAME, JSON.stringify(stored));
  } catch {
    /* quota: the next visit simply waits for the network */
  }
}

const persisted = new WeakSet<QueryClient>();

/**
 * Every change of the feed entry (an answer, a like, an edit, a deletion) is written to storage,
 * so the stored feed never differs from the cache it was taken from.
 */
export function persistFeed(client: QueryClient, storage: () => KeyValueStorage | null = localStore): void {
  if (persisted.has(client)) return;
  persisted.add(client);
  const hash = hashKey(FEED_KEY);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== hash || event.action.type !== 'success') return;
    const data = event.query.state.data as FeedData | undefined;
    if (data?.pages[0]) writeFeedCache(storage(), data);
  });
}

/**
 * At start: the stored feed goes into the cache entry (marked as from storage, and stale), and
 * the entry is persisted from then on. A like, an edit or a deletion made anywhere in the app
 * changes that one entry, and with it what the next visit shows first.
 */
export function startFeedCache(client: QueryClient, storage: () => KeyValueStorage | null = localStore): void {
  // Kept while the app runs, screen or not: it is what the next visit starts from.
  client.setQueryDefaults(FEED_KEY, { gcTime: Infinity });
  const current = client.getQueryData<FeedData>(FEED_KEY);
  if (!current) {
    const stored = readFeedCache(storage());
    if (stored) client.setQueryData<FeedData>(FEED_KEY, stored, { updatedAt: 0 });
  } else if (!current.pages[0]?.cached && !persisted.has(client)) {
    // The page came with the feed (it was rendered from it): the next visit starts from it too.
    writeFeedCache(storage(), current);
  }
  persistFeed(client, storage);
}

// ---- The feed as the screen shows it ----

export interface FeedMeta {
  /** The first load or a refresh is on its way. */
  loading: boolean;
  /** The last load, refresh or next page failed. */
  failed: boolean;
}

/**
 * The spec's feed state, derived: the reducer run over the cache entry (cache or network first
 * page, the pages after it), the staged entry and the request state. Nothing here is kept twice.
 */
export function feedStateOf(data: FeedData | undefined, staged: FeedData | undefined, meta: FeedMeta): FeedState {
  const actions: FeedAction[] = [];
  if (meta.loading || !data) actions.push({ type: 'load' });
  if (data?.pages[0]) {
    const [first, ...rest] = data.pages;
    actions.push(first.cached ? { type: 'cacheLoaded', page: pageStateOf(first) } : { type: 'networkLoaded', page: pageStateOf(first) });
    for (const page of rest) actions.push({ type: 'nextPageLoaded', page: pageStateOf(page) });
  }
  if (staged?.pages[0]) actions.push({ type: 'staged', page: entryState(staged) });
  if (meta.failed) actions.push({ type: 'failed' });
  if (meta.loading && data) actions.push({ type: 'load' });
  return actions.reduce(feedReducer, initialFeedState);
}

export interface RefreshOptions {
  /** Whether the viewer is scrolled down far enough for a refresh to wait behind the pill. */
  scrolledDown?: () => boolean;
  fetch?: (request: FeedRequest) => Promise<FeedAnswer>;
}

/**
 * Fetches the first page again. From the stored feed it is the first load (spec 000 §7); over a
 * network feed it is a refresh, which waits behind the pill when the viewer is scrolled down and
 * it brings new posts, and otherwise replaces the feed.
 */
export async function refreshFeed(client: QueryClient, { scrolledDown = () => window.scrollY > STAGE_BELOW_PX, fetch = fetchFeed }: RefreshOptions = {}): Promise<void> {
  const data = client.getQueryData<FeedData>(FEED_KEY);
  const fromStorage = !data || !!data.pages[0]?.cached;
  const shownIds = feedNodes(data).map((node) => node.id);
  const answer = await fetch(fromStorage ? { kind: 'first' } : { kind: 'refresh', cachedIds: shownIds });
  const next: FeedData = { pages: [answer], pageParams: [null] };
  if (!fromStorage && scrolledDown() && countNewOrganic(pageStateOf(answer).items, shownIds) > 0) {
    client.setQueryData<FeedData>(FEED_STAGED_KEY, next);
    return;
  }
  client.setQueryData<FeedData>(FEED_KEY, next);
  client.removeQueries({ queryKey: FEED_STAGED_KEY, exact: true });
}

/** The pill: the staged feed becomes the feed. */
export function commitStagedFeed(client: QueryClient): void {
  const next = client.getQueryData<FeedData>(FEED_STAGED_KEY);
  if (next) client.setQueryData<FeedData>(FEED_KEY, next);
  client.removeQueries({ queryKey: FEED_STAGED_KEY, exact: true });
}

/** The staged feed is dropped; the feed shown stays. */
export function revertStagedFeed(client: QueryClient): void {
  client.removeQueries({ queryKey: FEED_STAGED_KEY, exact: true });
}

function useEntry(client: QueryClient, key: readonly unknown[]): FeedData | undefined {
  const subscribe = useCallback((notify: () => void) => client.getQueryCache().subscribe(notify), [client]);
  const get = useCallback(() => client.getQueryData<FeedData>(key), [client, key]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * The home feed: TanStack Query fetches (first page, next pages) into the one cache entry; refreshes
 * replace it or wait staged; the state the screen needs is derived from both entries.
 */
export function useFeed() {
  const client = useQueryClient();
  // The page's HTML came with the first feed page (app.tsx seeds it); without it, the stored feed
  // shows, stale, until the network answers.
  useState(() => {
    startFeedCache(client);
    return null;
  });

  const query = useInfiniteQuery({
    queryKey: FEED_KEY,
    queryFn: ({ pageParam }) => {
      const loaded = client.getQueryData<FeedData>(FEED_KEY);
      const cachedIds = feedNodes(loaded).map((node) => node.id);
      if (pageParam) return fetchFeed({ kind: 'next', cursor: pageParam, cachedIds });
      return fetchFeed(loaded && !loaded.pages[0]?.cached ? { kind: 'refresh', cachedIds } : { kind: 'first' });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.paginationInfo.hasNextPage && last.paginationInfo.endCursor ? last.paginationInfo.endCursor : undefined),
    // Refreshes go through refreshFeed (which may stage them), not through refetches of every page.
    staleTime: Infinity,
    refetchOnMount: false,
  });
  const staged = useEntry(client, FEED_STAGED_KEY);

  const refresh = useMutation({
    mutationFn: () => refreshFeed(client),
    onError: (error) => void feedFailed(error, 'load'),
  });
  const { mutate: runRefresh } = refresh;

  // Coming back to `/`: the stored feed, or one older than a minute (or invalidated), is refreshed.
  useEffect(() => {
    const state = client.getQueryState<FeedData>(FEED_KEY);
    if (!state?.data) return;
    if (state.data.pages[0]?.cached || state.isInvalidated || Date.now() - state.dataUpdatedAt > STALE_AFTER_MS) runRefresh();
  }, [client, runRefresh]);

  useEffect(() => {
    let hiddenAt = 0;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt > REFRESH_AFTER_HIDDEN_MS) runRefresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [runRefresh]);

  const failedAt = query.errorUpdatedAt;
  useEffect(() => {
    if (query.error) feedFailed(query.error, query.isFetchNextPageError ? 'nextPage' : 'load');
  }, [query.error, failedAt, query.isFetchNextPageError]);

  const loading = (query.isFetching && !query.isFetchingNextPage) || refresh.isPending;
  const failed = (query.isError || refresh.isError) && !loading && !query.isFetchingNextPage;
  const data = query.data as FeedData | undefined;
  const state = useMemo(() => feedStateOf(data, staged, { loading, failed }), [data, staged, loading, failed]);
  const posts = useMemo(() => feedNodes(data), [data]);

  // Next pages wait for the network answer: the stored feed's cursor may be stale.
  const canLoadMore = state.paginationInfo.hasNextPage && state.currentState === 'network' && !query.isFetching && !refresh.isPending;
  const { fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);
  const retry = useCallback(() => {
    if (query.isFetchNextPageError) void fetchNextPage();
    else if (client.getQueryData<FeedData>(FEED_KEY)) runRefresh();
    else void refetch();
  }, [client, query.isFetchNextPageError, fetchNextPage, refetch, runRefresh]);
  const commitStaged = useCallback(() => {
    commitStagedFeed(client);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [client]);
  const revertStaged = useCallback(() => revertStagedFeed(client), [client]);

  return {
    state,
    posts,
    loadMore,
    canLoadMore,
    loadingMore: query.isFetchingNextPage,
    nextPageFailed: state.failed && query.isFetchNextPageError,
    retry,
    commitStaged,
    revertStaged,
  };
}

/**
 * Whether the network answered the home feed with no posts at all, read from the query cache so
 * the feed's own list keeps sole ownership of fetching it.
 */
export function useFeedEmpty(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((notify: () => void) => client.getQueryCache().subscribe(notify), [client]);
  const snapshot = () => {
    const data = client.getQueryData<FeedData>(FEED_KEY);
    return client.getQueryState(FEED_KEY)?.status === 'success' && !!data && !data.pages[0]?.cached && data.pages.every((page) => page.nodes.length === 0);
  };
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
