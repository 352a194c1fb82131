import { describe, expect, it } from 'vitest';
import type { MediaNode } from '@shutter/contract';
import { feedReducer, feedItemOf, initialFeedState } from '../../state/queries/feed-reducer';
import { feedRows, firstScreenRows, firstScreenThenRest, FIRST_SCREEN_POSTS, UNIT_AFTER_POSTS } from './feed-rows';

const post = (id: string) => ({ id, owner: { id: '1' }, is_video: false }) as unknown as MediaNode;
const loaded = (posts: MediaNode[], hasNextPage = false) =>
  feedReducer(feedReducer(initialFeedState, { type: 'load' }), { type: 'networkLoaded', page: { items: posts.map(feedItemOf), paginationInfo: { hasNextPage, endCursor: hasNextPage ? 'c' : null } } });

describe('feed rows', () => {
  it('a unit goes after the first posts, not above the feed', () => {
    const posts = ['1', '2', '3', '4', '5'].map(post);
    const kinds = feedRows(loaded(posts, true), posts, false, true).map((row) => row.kind);
    expect(kinds.indexOf('unit')).toBe(UNIT_AFTER_POSTS);
    expect(kinds.filter((kind) => kind === 'unit')).toHaveLength(1);
    expect(kinds.at(-1)).toBe('more');
  });

  it('a short feed has the unit after its last post, and an empty one under the empty state', () => {
    const posts = [post('1')];
    expect(feedRows(loaded(posts), posts, false, true).map((row) => row.kind)).toEqual(['post', 'unit', 'end']);
    expect(feedRows(loaded([]), [], false, true).map((row) => row.kind)).toEqual(['empty', 'unit']);
    expect(feedRows(loaded([]), [], false, false).map((row) => row.kind)).toEqual(['empty']);
  });

  it('only the first post loads with priority', () => {
    const posts = ['1', '2'].map(post);
    const rows = feedRows(loaded(posts), posts, false);
    expect(rows.filter((row) => row.kind === 'post' && row.priority)).toHaveLength(1);
  });

  it('the first screen is the rows up to its last post: no next-page row or unit after it; a shorter feed is whole', () => {
    const posts = ['1', '2', '3', '4', '5'].map(post);
    const first = firstScreenRows(feedRows(loaded(posts, true), posts, false, true));
    expect(first.filter((row) => row.kind === 'post').map((row) => row.key)).toEqual(posts.slice(0, FIRST_SCREEN_POSTS).map((p) => p.id));
    expect(first.at(-1)?.kind).toBe('post');
    const short = feedRows(loaded([post('1')]), [post('1')], false, true);
    expect(firstScreenRows(short)).toEqual(short);
  });

  it('after hydrating, the first screen is followed by a marker for the rest of the page when any row was cut, and is whole otherwise', () => {
    const posts = ['1', '2', '3', '4', '5'].map(post);
    const rows = firstScreenThenRest(feedRows(loaded(posts, true), posts, false, true));
    expect(rows.map((row) => row.kind)).toEqual(['post', 'post', 'post', 'rest']);
    const exact = posts.slice(0, FIRST_SCREEN_POSTS);
    expect(firstScreenThenRest(feedRows(loaded(exact), exact, false)).map((row) => row.kind)).toEqual(['post', 'post', 'post', 'rest']);
    const short = feedRows(loaded([post('1')]), [post('1')], false, true);
    expect(firstScreenThenRest(short)).toEqual(short);
  });
});
