import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SEARCH_SCROLL_STEP } from '@shutter/contract';
import type { SearchUserResult } from '@shutter/contract';
import { debounce } from './debounce';
import { hashtagItem, hrefOf, placeItem, recentOf, resultsOf, userItem } from './search-items';
import { initialSearchState, itemToOpen, moveFor, searchReducer, showsNoResults, suggestionPrefix, type SearchAction, type SearchState } from './search-reducer';

const user = (pk: string, username = `u${pk}`): SearchUserResult => ({
  id: pk, pk, username, full_name: username, profile_pic_url: '', is_private: false, is_verified: false, followed_by_viewer: false, follows_viewer: false,
  search_social_context: null, search_social_context_message: null, subtitle: username, unseen_count: 0, reel: null,
});
const tag = (name: string) => ({ id: `${name}-id`, fbid: `${name}-id`, name, media_count: 3, search_result_subtitle: '3 posts' });
const place = (pk: string) => ({ location: { pk, name: 'Porto', slug: 'porto', city: null, country: null, lat: null, lng: null }, title: 'Porto', subtitle: '', slug: 'porto', media_count: 1 });
const run = (state: SearchState, ...actions: SearchAction[]) => actions.reduce(searchReducer, state);
const typed = (query: string): SearchAction => ({ type: 'typed', query, rankToken: 'next' });
const some = resultsOf({ users: [{ position: 0, user: user('1') }, { position: 2, user: user('2') }], hashtags: [{ position: 1, hashtag: tag('sun') }], places: [] });

describe('search state', () => {
  it('R-002-search-12: results and recent items are ordered by position', () => {
    expect(some.map((i) => i.key)).toEqual(['user:1', 'hashtag:sun-id', 'user:2']);
    const recent = recentOf([{ position: 1, user: user('9') }, { position: 0, hashtag: tag('sea') }]);
    expect(recent.map((i) => i.key)).toEqual(['hashtag:sea-id', 'user:9']);
    const state = run(initialSearchState('t'), { type: 'recentLoaded', recent: [userItem(3, user('3')), userItem(1, user('1'))] });
    expect(state.recent.map((i) => i.position)).toEqual([1, 3]);
  });

  it('R-002-search-19: the result key is pk for users, fbid for hashtags and the location id for places', () => {
    expect(userItem(0, user('42')).key).toBe('user:42');
    expect(hashtagItem(0, tag('sun')).key).toBe('hashtag:sun-id');
    expect(placeItem(0, place('77')).key).toBe('place:77');
    expect(hrefOf(userItem(0, user('42', 'alice')))).toBe('/alice/');
    expect(hrefOf(hashtagItem(0, tag('sun')))).toBe('/explore/tags/sun/');
    expect(hrefOf(placeItem(0, place('77')))).toBe('/explore/locations/77/porto/');
  });

  it('R-002-search-18: a recent search lacking a hashtag, place or user is dropped with a warning', () => {
    const warn = vi.fn();
    const items = recentOf([{ position: 0 }, { position: 1, user: user('1') }], warn);
    expect(items.map((i) => i.key)).toEqual(['user:1']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('R-002-search-13: an answer is applied only while the query still matches', () => {
    const state = run(initialSearchState('t'), typed('al'), { type: 'requested', query: 'al' }, typed('ali'), { type: 'answered', query: 'al', results: some });
    expect(state.results).toEqual([]);
    expect(state.searchedForQuery).toBeNull();
    const applied = searchReducer(state, { type: 'answered', query: 'ali', results: some });
    expect(applied.results).toHaveLength(3);
    expect(applied.searchedForQuery).toBe('ali');
  });

  it('R-002-search-14: clearing the query resets the results and makes a new rank token', () => {
    const state = run(initialSearchState('first'), typed('al'), { type: 'answered', query: 'al', results: some });
    const cleared = searchReducer(state, { type: 'typed', query: '', rankToken: 'second' });
    expect(cleared.results).toEqual([]);
    expect(cleared.searchedForQuery).toBeNull();
    expect(cleared.rankToken).toBe('second');
    // Typing more keeps the session's token.
    expect(searchReducer(state, { type: 'typed', query: 'ali', rankToken: 'third' }).rankToken).toBe('first');
  });

  it("R-002-search-6: 'no results' only for a query other than '#' or '@' whose answer loaded nothing", () => {
    const empty = (q: string) => run(initialSearchState('t'), typed(q), { type: 'answered', query: q, results: [] });
    expect(showsNoResults(empty('zz'))).toBe(true);
    expect(showsNoResults(empty('#'))).toBe(false);
    expect(showsNoResults(empty('@'))).toBe(false);
    expect(showsNoResults(run(initialSearchState('t'), typed('zz'), { type: 'requested', query: 'zz' }))).toBe(false);
    expect(showsNoResults(run(initialSearchState('t'), typed('al'), { type: 'answered', query: 'al', results: some }))).toBe(false);
  });

  it("a lone '#' or '@' asks for suggestions (hashtags, or people), whose answer the box shows and Enter opens like results", () => {
    expect(suggestionPrefix('#')).toBe('#');
    expect(suggestionPrefix(' @ ')).toBe('@');
    expect(suggestionPrefix('#sun')).toBeNull();
    expect(suggestionPrefix('')).toBeNull();
    const tags = resultsOf({ users: [], hashtags: [{ position: 0, hashtag: tag('travel') }, { position: 1, hashtag: tag('sun') }], places: [] });
    const state = run(initialSearchState('t'), typed('#'), { type: 'requested', query: '#' }, { type: 'answered', query: '#', results: tags });
    expect(state.results.map((i) => i.key)).toEqual(['hashtag:travel-id', 'hashtag:sun-id']);
    expect(showsNoResults(state)).toBe(false);
    expect(itemToOpen(state)?.key).toBe('hashtag:travel-id');
  });

  it('R-002-search-9: arrow down moves the selection down and arrow up moves it up (wrapping at the ends)', () => {
    const state = run(initialSearchState('t'), typed('al'), { type: 'answered', query: 'al', results: some });
    const down = run(state, { type: 'moved', by: moveFor('ArrowDown')! }, { type: 'moved', by: moveFor('ArrowDown')! });
    expect(down.selectedIndex).toBe(1);
    expect(searchReducer(down, { type: 'moved', by: moveFor('ArrowUp')! }).selectedIndex).toBe(0);
    expect(searchReducer(state, { type: 'moved', by: -1 }).selectedIndex).toBe(2);
  });

  it('R-002-search-20: selectedMethod is mouse after hovering and keyboard after the keys', () => {
    const state = run(initialSearchState('t'), typed('al'), { type: 'answered', query: 'al', results: some });
    expect(searchReducer(state, { type: 'hovered', index: 2 })).toMatchObject({ selectedIndex: 2, selectedMethod: 'mouse' });
    expect(run(state, { type: 'hovered', index: 2 }, { type: 'moved', by: 1 })).toMatchObject({ selectedIndex: 0, selectedMethod: 'keyboard' });
  });

  it('R-002-search-10: Enter opens the selected result; R-002-search-11: with none selected, the first', () => {
    const state = run(initialSearchState('t'), typed('al'), { type: 'answered', query: 'al', results: some });
    expect(itemToOpen(state)?.key).toBe('user:1');
    expect(itemToOpen(searchReducer(state, { type: 'hovered', index: 2 }))?.key).toBe('user:2');
    expect(itemToOpen(initialSearchState('t'))).toBeUndefined();
  });

  it('R-002-search-22: Page Down and Page Up move the selection 5 rows, stopping at the ends', () => {
    expect(moveFor('PageDown')).toBe(SEARCH_SCROLL_STEP);
    expect(SEARCH_SCROLL_STEP).toBe(5);
    const results = Array.from({ length: 12 }, (_, i) => userItem(i, user(String(i))));
    const state = run(initialSearchState('t'), typed('a'), { type: 'answered', query: 'a', results });
    const paged = run(state, { type: 'moved', by: 5 });
    expect(paged.selectedIndex).toBe(4);
    expect(run(paged, { type: 'moved', by: 5 }, { type: 'moved', by: 5 }).selectedIndex).toBe(11);
    expect(run(paged, { type: 'moved', by: -5 }).selectedIndex).toBe(0);
  });

  it('R-002-search-8: focusing the box starts a search session', () => {
    expect(initialSearchState('t').sessionStarted).toBe(false);
    expect(searchReducer(initialSearchState('t'), { type: 'focused' }).sessionStarted).toBe(true);
  });

  it('R-002-search-16: a recent entry can be hidden; R-002-search-15: all can be cleared', () => {
    const state = run(initialSearchState('t'), { type: 'recentLoaded', recent: [userItem(0, user('1')), hashtagItem(1, tag('sun'))] });
    expect(searchReducer(state, { type: 'recentHidden', key: 'user:1' }).recent.map((i) => i.key)).toEqual(['hashtag:sun-id']);
    expect(searchReducer(state, { type: 'recentCleared' }).recent).toEqual([]);
  });

  it('R-002-search-7: typing is debounced 250 ms: only the last query of a burst is searched', () => {
    vi.useFakeTimers();
    const searched: string[] = [];
    const search = debounce((q: string) => searched.push(q), SEARCH_DEBOUNCE_MS);
    search('a');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    search('al');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(searched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(searched).toEqual(['al']);
    expect(SEARCH_DEBOUNCE_MS).toBe(250);
    vi.useRealTimers();
  });
});
