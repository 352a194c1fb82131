import { describe, expect, it, vi } from 'vitest';
import { FEED_CACHE_NAME } from '@shutter/contract';
import { feedVariables, readFeedCache, writeFeedCache } from './feed';
import { countNewOrganic, feedFailed, feedReducer, initialFeedState, isOrganic, type FeedItem, type FeedPageState, type FeedState } from './feed-reducer';

const item = (postId: string, type: FeedItem['type'] = 'image'): FeedItem => ({ postId, type });
const page = (ids: string[], hasNextPage = true, endCursor: string | null = 'c1'): FeedPageState => ({
  items: ids.map((id) => item(id)),
  paginationInfo: { hasNextPage, endCursor },
});
const run = (actions: Parameters<typeof feedReducer>[1][], from: FeedState = initialFeedState) => actions.reduce(feedReducer, from);

describe('feed reducer', () => {
  it('R-000-feed-1: the feed is loading first, then loaded from the cache or from the network', () => {
    const loading = run([{ type: 'load' }]);
    expect(loading.isLoading).toBe(true);
    expect(loading.currentState).toBe('init');
    const fromCache = feedReducer(loading, { type: 'cacheLoaded', page: page(['1']) });
    expect(fromCache).toMatchObject({ isLoading: false, currentState: 'cache' });
    const fromNetwork = feedReducer(loading, { type: 'networkLoaded', page: page(['1']) });
    expect(fromNetwork).toMatchObject({ isLoading: false, currentState: 'network' });
  });

  it('R-000-feed-2: the network result replaces the cache state', () => {
    const state = run([{ type: 'load' }, { type: 'cacheLoaded', page: page(['1', '2']) }, { type: 'networkLoaded', page: page(['3', '1'], false, null) }]);
    expect(state.currentState).toBe('network');
    expect(state.items.map((i) => i.postId)).toEqual(['3', '1']);
    expect(state.paginationInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('R-000-feed-2: a cache read after the network answer does not overwrite it', () => {
    const state = run([{ type: 'load' }, { type: 'networkLoaded', page: page(['3']) }, { type: 'cacheLoaded', page: page(['1']) }]);
    expect(state.items.map((i) => i.postId)).toEqual(['3']);
  });

  it('R-000-feed-3: next-page loads append their items', () => {
    const state = run([{ type: 'networkLoaded', page: page(['1', '2']) }, { type: 'nextPageLoaded', page: page(['3', '2', '4'], false, null) }]);
    expect(state.items.map((i) => i.postId)).toEqual(['1', '2', '3', '4']);
    expect(state.paginationInfo.hasNextPage).toBe(false);
  });

  it('R-000-feed-3 and R-000-feed-7: a next page on the cached feed makes it cache_paginated', () => {
    const state = run([{ type: 'cacheLoaded', page: page(['1']) }, { type: 'nextPageLoaded', page: page(['2']) }]);
    expect(state.currentState).toBe('cache_paginated');
  });

  it('R-000-feed-4: a refresh replaces the feed items', () => {
    const state = run([{ type: 'networkLoaded', page: page(['1', '2']) }, { type: 'nextPageLoaded', page: page(['3']) }, { type: 'refreshed', page: page(['9', '1']) }]);
    expect(state.items.map((i) => i.postId)).toEqual(['9', '1']);
    expect(state.currentState).toBe('network');
  });

  it('R-000-feed-5: a staged feed can be committed and becomes the shown feed', () => {
    const staged = run([{ type: 'networkLoaded', page: page(['1']) }, { type: 'staged', page: page(['2', '1'], false, 'c9') }]);
    expect(staged.items.map((i) => i.postId)).toEqual(['1']);
    const committed = feedReducer(staged, { type: 'commitStaged' });
    expect(committed.items.map((i) => i.postId)).toEqual(['2', '1']);
    expect(committed.paginationInfo.endCursor).toBe('c9');
    expect(committed.staged).toBeNull();
  });

  it('R-000-feed-6: a staged feed can be reverted, keeping the shown feed', () => {
    const state = run([{ type: 'networkLoaded', page: page(['1']) }, { type: 'staged', page: page(['2', '1']) }, { type: 'revertStaged' }]);
    expect(state.items.map((i) => i.postId)).toEqual(['1']);
    expect(state.staged).toBeNull();
    expect(state.badgeCount).toBe(0);
  });

  it('R-000-feed-7: currentState is one of init, cache, cache_paginated or network', () => {
    const seen = new Set<string>([initialFeedState.currentState]);
    let state = initialFeedState;
    for (const action of [
      { type: 'cacheLoaded', page: page(['1']) },
      { type: 'nextPageLoaded', page: page(['2']) },
      { type: 'networkLoaded', page: page(['3']) },
    ] as const) {
      state = feedReducer(state, action);
      seen.add(state.currentState);
    }
    expect([...seen].sort()).toEqual(['cache', 'cache_paginated', 'init', 'network']);
  });

  it('R-000-feed-8: the badge count counts new organic posts compared with the cached ones', () => {
    const state = run([{ type: 'cacheLoaded', page: page(['1', '2']) }, { type: 'networkLoaded', page: page(['4', '3', '1', '2']) }]);
    expect(state.badgeCount).toBe(2);
    const staged = feedReducer(state, { type: 'staged', page: page(['5', '4', '3']) });
    expect(staged.badgeCount).toBe(1);
  });

  it('R-000-feed-9: only image, sidecar and video items are organic', () => {
    expect(['image', 'sidecar', 'video'].every((type) => isOrganic(item('x', type as FeedItem['type'])))).toBe(true);
    expect(isOrganic(item('x', 'stories'))).toBe(false);
    expect(isOrganic(item('x', 'suggested'))).toBe(false);
    expect(countNewOrganic([item('1', 'video'), item('2', 'stories'), item('3', 'suggested'), item('4', 'sidecar')], [])).toBe(2);
  });

  it('R-000-feed-10: the first load sends has_threaded_comments; refresh and next page add the fetch flags', () => {
    expect(feedVariables({ kind: 'first' })).toEqual({ has_threaded_comments: true });
    const extras = { fetch_media_item_count: 12, fetch_comment_count: 2, fetch_like: 3, has_stories: false };
    expect(feedVariables({ kind: 'refresh', cachedIds: ['1'] })).toMatchObject({ ...extras, fetch_media_item_cursor: null, cached_feed_item_ids: ['1'] });
    expect(feedVariables({ kind: 'next', cursor: 'abc', cachedIds: ['1', '2'] })).toMatchObject({ ...extras, fetch_media_item_cursor: 'abc', cached_feed_item_ids: ['1', '2'] });
  });

  it('R-000-feed-11: a feed load failure is logged and puts the feed in the failed state', () => {
    const log = vi.fn();
    const state = feedReducer(run([{ type: 'load' }]), feedFailed(new Error('offline'), 'load', log));
    expect(log).toHaveBeenCalledOnce();
    expect(state).toMatchObject({ failed: true, isLoading: false });
  });

  it('R-000-feed-12: a next-page failure puts the feed in the failed state and logs the error', () => {
    const log = vi.fn();
    const error = new Error('500');
    const state = feedReducer(run([{ type: 'networkLoaded', page: page(['1']) }]), feedFailed(error, 'nextPage', log));
    expect(log.mock.calls[0]).toContain(error);
    expect(state.failed).toBe(true);
    expect(state.items).toHaveLength(1);
  });

  it('R-000-feed-13: the feed cache is named feed-cache', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    writeFeedCache(storage, { pages: [{ nodes: [], paginationInfo: { hasNextPage: false, endCursor: null } }], pageParams: [null] });
    expect(FEED_CACHE_NAME).toBe('feed-cache');
    expect([...store.keys()]).toEqual(['feed-cache']);
    // Read back as the query cache entry it was written from, marked as coming from storage.
    expect(readFeedCache(storage)?.pages).toEqual([{ nodes: [], paginationInfo: { hasNextPage: false, endCursor: null }, cached: true }]);
  });
});
