import type { MediaNode } from '@shutter/contract';
import type { FeedState } from '../../state/queries/feed-reducer';

/** The kinds of rows the feed screen renders (one list, no nested ternaries). */
export type FeedRow =
  | { kind: 'skeleton'; key: string }
  | { kind: 'empty'; key: string }
  | { kind: 'error'; key: string }
  | { kind: 'stale'; key: string }
  | { kind: 'post'; key: string; post: MediaNode; priority: boolean }
  | { kind: 'more'; key: string }
  | { kind: 'moreError'; key: string }
  | { kind: 'end'; key: string }
  | { kind: 'unit'; key: string }
  | { kind: 'rest'; key: string };

/**
 * A unit (suggestions) comes after this many posts, not above the feed: below the first screen it
 * can arrive late without pushing what the viewer is looking at, and it interrupts no one's first post.
 */
export const UNIT_AFTER_POSTS = 3;

const UNIT: FeedRow = { kind: 'unit', key: 'unit' };

export function feedRows(state: FeedState, posts: MediaNode[], nextPageFailed: boolean, withUnit = false): FeedRow[] {
  if (posts.length === 0) {
    if (state.failed) return [{ kind: 'error', key: 'error' }];
    if (state.isLoading || state.currentState !== 'network') return [0, 1].map((i) => ({ kind: 'skeleton', key: `skeleton-${i}` }));
    return withUnit ? [{ kind: 'empty', key: 'empty' }, UNIT] : [{ kind: 'empty', key: 'empty' }];
  }
  const rows: FeedRow[] = [];
  // The network failed while the stored feed shows: say so, with a Retry, above it.
  if (state.failed && !nextPageFailed) rows.push({ kind: 'stale', key: 'stale' });
  posts.forEach((post, i) => {
    rows.push({ kind: 'post', key: post.id, post, priority: i === 0 });
    if (withUnit && i === Math.min(UNIT_AFTER_POSTS, posts.length) - 1) rows.push(UNIT);
  });
  if (nextPageFailed) rows.push({ kind: 'moreError', key: 'more-error' });
  else if (state.paginationInfo.hasNextPage) rows.push({ kind: 'more', key: 'more' });
  else if (state.currentState === 'network') rows.push({ kind: 'end', key: 'end' });
  return rows;
}

/** How many posts the server renders (and the client hydrates) before the client renders the rest. */
export const FIRST_SCREEN_POSTS = 3;

/**
 * The rows of the first screen: those up to the FIRST_SCREEN_POSTS-th post. A feed page holds more
 * posts than a screen shows; rendering them all on the server would make every HTML answer several
 * times larger and slower to render and hydrate, for posts below the fold that the client adds
 * once hydrated.
 */
export function firstScreenRows(rows: FeedRow[], posts = FIRST_SCREEN_POSTS): FeedRow[] {
  let seen = 0;
  const end = rows.findIndex((row) => row.kind === 'post' && ++seen === posts);
  return end === -1 ? rows : rows.slice(0, end + 1);
}

const REST: FeedRow = { kind: 'rest', key: 'rest' };

/**
 * What the client shows after hydrating the server's first screen, until the reader nears its end:
 * the same rows, then a marker where the rest of the page goes. Rendering the page's other posts
 * at once made the longest task of a phone's first load; most readers never scroll that far before
 * they tap somewhere.
 */
export function firstScreenThenRest(rows: FeedRow[]): FeedRow[] {
  const first = firstScreenRows(rows);
  return first.length === rows.length ? rows : [...first, REST];
}
