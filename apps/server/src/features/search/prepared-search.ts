import { STORY_TTL_MS, type TopSearchAnswer } from '@shutter/contract';
import { createPreparedAnswers, type PreparedAnswers } from '../../platform/prepared-answers.js';
import type { ForgetListener, SummaryCaches } from '../../platform/summary-cache.js';
import type { Access } from '../access/service.js';
import type { PlaceHit } from '../places/service.js';
import type { HashtagHit } from './sources.js';

/** A search's answer as built for one viewer, without its rank token (each answer gets its own). */
export interface SearchAnswer {
  answer: Omit<TopSearchAnswer, 'rank_token'>;
  /** The people it shows, for the access rules to decide again at each read. */
  people: string[];
  /** The earliest moment one of its rings may have gone out (its newest story expired). */
  until: number;
}
export type PreparedSearch = PreparedAnswers<SearchAnswer>;

/** Logged-out visitors all get the same answer to the same query: they share one set of answers. */
export const SEARCH_VISITOR = '-';
/** Queries kept for all visitors together: theirs are everyone's, so many more than one person typing (8). */
const VISITOR_SEARCHES_KEPT = 256;
/**
 * What no write announces: followers gained by those shown, which order them. They show within
 * this much.
 */
const SEARCH_TTL_MS = 10_000;
/**
 * Carried by answers that may show hashtags or places: any post, edit, deletion or privacy switch,
 * by anyone, may change their counts or add one, so every write drops those answers.
 */
export const ANY_WRITE = '#';

/**
 * Searches answered lately, kept ready per viewer (variant: the query and its options). Dropped by
 * the viewer's writes, those of anyone the answer names, a moderator's action, and whenever the
 * people index changes (a new account, a rename), on every instance, as each learns of it. An
 * answer that may hold hashtags or places (any search but people's alone) goes with any write.
 */
export function createPreparedSearch(
  caches: SummaryCaches,
  summaries: { posts: { onForget(l: ForgetListener): void }; people: { onForget(l: ForgetListener): void } },
): PreparedSearch {
  return createPreparedAnswers<SearchAnswer>('search-prepared', caches, summaries, { shared: { key: SEARCH_VISITOR, kept: VISITOR_SEARCHES_KEPT }, ttlMs: SEARCH_TTL_MS, anyWrite: ANY_WRITE });
}

/** Until when an answer showing these rings may be served: none is drawn past its newest story's expiry. */
export function ringsLiveUntil(answer: Omit<TopSearchAnswer, 'rank_token'>, now: number): number {
  const ends = answer.users.flatMap((u) => (u.user.reel ? [u.user.reel.latest_reel_media * 1000 + STORY_TTL_MS] : []));
  return Math.min(now + SEARCH_TTL_MS, ...ends);
}

/**
 * A kept answer, when the access rules still let the viewer see everyone it shows (no block either
 * way). A visitor is blocked by nobody; a person gone drops every answer naming them as they go.
 */
export async function keptSearch(
  prepared: PreparedSearch, access: Pick<Access, 'allStillThere'>, viewerId: string | null, variant: string,
): Promise<Omit<TopSearchAnswer, 'rank_token'> | null> {
  const ready = prepared.get(viewerId ?? SEARCH_VISITOR, variant)?.answer;
  if (!ready || Date.now() >= ready.until) return null;
  return viewerId === null || (await access.allStillThere(viewerId, ready.people)) ? ready.answer : null;
}

/** A query's hashtags and places: the same for every viewer, since search lists public posts alone. */
export interface SearchHits {
  hashtags: HashtagHit[];
  places: PlaceHit[];
}
export type PreparedHits = PreparedAnswers<SearchHits>;
/** The one key everyone's hits are kept under. */
export const EVERYONES_HITS = '-';
/** Queries whose hashtags and places are kept: a whole network typing, not one person. */
const HIT_QUERIES_KEPT = 2048;

/**
 * The hashtags and places of queries asked lately by anyone, so that a person's first search of a
 * query someone else just typed reads only its people. Any write drops them all, as it may change
 * a count or add a tag or a place; none lives past SEARCH_TTL_MS.
 */
export function createPreparedHits(
  caches: SummaryCaches,
  summaries: { posts: { onForget(l: ForgetListener): void }; people: { onForget(l: ForgetListener): void } },
): PreparedHits {
  return createPreparedAnswers<SearchHits>('search-hits', caches, summaries, { shared: { key: EVERYONES_HITS, kept: HIT_QUERIES_KEPT }, ttlMs: SEARCH_TTL_MS, anyWrite: ANY_WRITE });
}
