import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { MediaNode } from '@shutter/contract';
import { commitStagedFeed, FEED_KEY, FEED_STAGED_KEY, feedNodes, feedStateOf, persistFeed, readFeedCache, refreshFeed, revertStagedFeed, startFeedCache, type FeedAnswer, type FeedData, type FeedRequest } from './feed';
import { removePostFromCaches } from './post';

const node = (id: string) => ({ id, __typename: 'GraphImage', shortcode: `s${id}`, owner: { username: 'owner' } }) as unknown as MediaNode;
const answer = (ids: string[], hasNextPage = true, cached = false): FeedAnswer => ({
  nodes: ids.map(node),
  paginationInfo: { hasNextPage, endCursor: hasNextPage ? `after-${ids.at(-1)}` : null },
  ...(cached ? { cached: true } : {}),
});
const entry = (...pages: FeedAnswer[]): FeedData => ({ pages, pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)) });
const idle = { loading: false, failed: false };
const ids = (state: { items: { postId: string }[] }) => state.items.map((item) => item.postId);

function memoryStorage() {
  const store = new Map<string, string>();
  return { store, getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
}

describe('the feed, derived from its one cache entry', () => {
  it('R-000-feed-1 R-000-feed-2: loading without an entry, the stored entry is the cache state, a network answer replaces it', () => {
    expect(feedStateOf(undefined, undefined, { loading: true, failed: false })).toMatchObject({ isLoading: true, currentState: 'init' });
    const fromStorage = feedStateOf(entry(answer(['1', '2'], true, true)), undefined, idle);
    expect(fromStorage).toMatchObject({ currentState: 'cache', isLoading: false });
    const fromNetwork = feedStateOf(entry(answer(['3', '1'], false)), undefined, idle);
    expect(fromNetwork).toMatchObject({ currentState: 'network', paginationInfo: { hasNextPage: false, endCursor: null } });
    expect(ids(fromNetwork)).toEqual(['3', '1']);
  });

  it('R-000-feed-3: the pages of the entry are appended, each post once', () => {
    const data = entry(answer(['1', '2']), answer(['3', '2', '4'], false));
    expect(ids(feedStateOf(data, undefined, idle))).toEqual(['1', '2', '3', '4']);
    expect(feedNodes(data).map((n) => n.id)).toEqual(['1', '2', '3', '4']);
    expect(feedStateOf(data, undefined, idle).paginationInfo.hasNextPage).toBe(false);
  });

  it('R-000-feed-5 R-000-feed-8: a staged entry waits with its badge count; the shown feed stays', () => {
    const state = feedStateOf(entry(answer(['1'])), entry(answer(['5', '4', '1'])), idle);
    expect(ids(state)).toEqual(['1']);
    expect(state.staged?.items.map((i) => i.postId)).toEqual(['5', '4', '1']);
    expect(state.badgeCount).toBe(2);
  });

  it('R-000-feed-11: a failed load over the stored feed keeps it and is failed', () => {
    expect(feedStateOf(entry(answer(['1'], true, true)), undefined, { loading: false, failed: true })).toMatchObject({ failed: true, currentState: 'cache' });
  });
});

describe('refreshes of the one entry', () => {
  const state = (client: QueryClient) => feedStateOf(client.getQueryData<FeedData>(FEED_KEY), client.getQueryData<FeedData>(FEED_STAGED_KEY), idle);
  const networkFeed = () => {
    const client = new QueryClient();
    client.setQueryData<FeedData>(FEED_KEY, entry(answer(['1', '2']), answer(['3'])));
    return client;
  };

  it('R-000-feed-2 R-000-feed-10: from the stored feed the first load is sent, and its answer replaces the stored one', async () => {
    const client = new QueryClient();
    client.setQueryData<FeedData>(FEED_KEY, entry(answer(['1'], true, true)));
    const requests: FeedRequest[] = [];
    await refreshFeed(client, { scrolledDown: () => true, fetch: async (request) => (requests.push(request), answer(['9', '1'])) });
    expect(requests).toEqual([{ kind: 'first' }]);
    expect(state(client)).toMatchObject({ currentState: 'network', staged: null });
    expect(ids(state(client))).toEqual(['9', '1']);
  });

  it('R-000-feed-4: at the top, a refresh replaces the feed items (all pages)', async () => {
    const client = networkFeed();
    const requests: FeedRequest[] = [];
    await refreshFeed(client, { scrolledDown: () => false, fetch: async (request) => (requests.push(request), answer(['9', '1'])) });
    expect(requests).toEqual([{ kind: 'refresh', cachedIds: ['1', '2', '3'] }]);
    expect(ids(state(client))).toEqual(['9', '1']);
  });

  it('R-000-feed-5: scrolled down, a refresh with new posts is staged, and committing it makes it the feed', async () => {
    const client = networkFeed();
    await refreshFeed(client, { scrolledDown: () => true, fetch: async () => answer(['8', '9', '1'], false) });
    expect(ids(state(client))).toEqual(['1', '2', '3']);
    expect(state(client).badgeCount).toBe(2);
    commitStagedFeed(client);
    expect(ids(state(client))).toEqual(['8', '9', '1']);
    expect(state(client)).toMatchObject({ staged: null, badgeCount: 0, paginationInfo: { hasNextPage: false } });
  });

  it('R-000-feed-6: a staged feed can be reverted, keeping the shown feed', async () => {
    const client = networkFeed();
    await refreshFeed(client, { scrolledDown: () => true, fetch: async () => answer(['8', '1']) });
    revertStagedFeed(client);
    expect(ids(state(client))).toEqual(['1', '2', '3']);
    expect(state(client)).toMatchObject({ staged: null, badgeCount: 0 });
  });

  it('scrolled down, a refresh without new posts replaces the feed rather than showing an empty pill', async () => {
    const client = networkFeed();
    await refreshFeed(client, { scrolledDown: () => true, fetch: async () => answer(['2', '1']) });
    expect(state(client).staged).toBeNull();
    expect(ids(state(client))).toEqual(['2', '1']);
  });

  it('a deleted post leaves the shown and the staged feed', async () => {
    const client = networkFeed();
    await refreshFeed(client, { scrolledDown: () => true, fetch: async () => answer(['8', '2']) });
    removePostFromCaches(client, node('2'));
    expect(ids(state(client))).toEqual(['1', '3']);
    expect(state(client).staged?.items.map((i) => i.postId)).toEqual(['8']);
  });
});

describe('the stored feed is the cache entry persisted', () => {
  it('R-000-feed-13: starts the entry from storage, marked as from storage, and writes every change of it back', () => {
    const storage = memoryStorage();
    const first = new QueryClient();
    persistFeed(first, () => storage);
    first.setQueryData<FeedData>(FEED_KEY, entry(answer(['1', '2']), answer(['3'])));
    // Only the first page is kept.
    expect(readFeedCache(storage)?.pages.map((p) => p.nodes.map((n) => n.id))).toEqual([['1', '2']]);

    const next = new QueryClient();
    startFeedCache(next, () => storage);
    expect(next.getQueryData<FeedData>(FEED_KEY)?.pages[0]).toMatchObject({ cached: true });
    expect(next.getQueryState(FEED_KEY)?.dataUpdatedAt).toBe(0);

    // A post deleted anywhere leaves the entry, and so the stored feed.
    removePostFromCaches(next, node('1'));
    expect(readFeedCache(storage)?.pages[0]?.nodes.map((n) => n.id)).toEqual(['2']);
  });

  it('a feed the page came with (seeded before the cache starts) is what the next visit starts from, and storage does not replace it', () => {
    const storage = memoryStorage();
    storage.setItem('feed-cache', JSON.stringify({ data: entry(answer(['old'])), savedAt: 0 }));
    const client = new QueryClient();
    client.setQueryData<FeedData>(FEED_KEY, entry(answer(['9', '8'])));
    startFeedCache(client, () => storage);
    expect(client.getQueryData<FeedData>(FEED_KEY)?.pages[0]?.nodes.map((n) => n.id)).toEqual(['9', '8']);
    expect(readFeedCache(storage)?.pages[0]?.nodes.map((n) => n.id)).toEqual(['9', '8']);
  });
});
