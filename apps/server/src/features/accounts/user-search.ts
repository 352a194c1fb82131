import type { Db } from '../../db/database.js';
import { createUserSearchRepository, type UserSearchRow } from './search.repository.js';

export type { UserSearchRow } from './search.repository.js';

/** Below this many characters a query is only matched exactly and by prefix: trigrams of one or two letters match everyone. */
const FUZZY_MIN_LENGTH = 3;
/** Above this many letters a query's neighbour swaps are not looked up (each is a branch of index reads). */
const SWAP_MAX_LENGTH = 24;

const normalize = (r: UserSearchRow): UserSearchRow => ({
  ...r, tier: Number(r.tier), follower_count: Number(r.follower_count), followed_by_viewer: Boolean(r.followed_by_viewer), follows_viewer: Boolean(r.follows_viewer),
});

/**
 * The query with two neighbouring letters swapped, at each place ("alcie": "lacie", "aclie",
 * "alice", "alcei"): one typo away, yet too far for trigrams in a short name.
 */
export function neighbourSwaps(text: string): string[] {
  const letters = [...text.trim().toLowerCase()];
  if (letters.length < FUZZY_MIN_LENGTH || letters.length > SWAP_MAX_LENGTH) return [];
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1] || /\s/.test(letters[i]! + letters[i + 1]!)) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [letters[i + 1]!, letters[i]!];
    swaps.add(swapped.join(''));
  }
  return [...swaps];
}

/**
 * People matching a search, ranked the way a person expects: exact username or name first, then
 * names and usernames starting with the query (or with a word starting with it), then misspelt
 * matches by closeness; within each, people the viewer follows, then people who follow the
 * viewer, then the most followed. Names are compared folded (no case, no accents) with
 * `fold_text`, through the trigram indexes on the folded username and name; two neighbouring
 * letters swapped ("alcie") count as one typo and are read by the name and username indexes. A block either way
 * keeps a person out. Candidates come from small bounded branches, so a short common prefix over a
 * large table stays cheap.
 */
export function createUserSearch(db: Db) {
  const repo = createUserSearchRepository(db);

  async function matching(viewerId: string | null, query: string, limit: number): Promise<UserSearchRow[]> {
    const text = query.trim();
    if (!text) return [];
    const fuzzy = [...text].length >= FUZZY_MIN_LENGTH;
    const swaps = fuzzy ? neighbourSwaps(text) : [];
    return (await repo.ranked({ viewerId, text, fuzzy, swaps, limit })).map(normalize);
  }

  /** The same rows for these people (recent searches), blocked people left out; in no order. */
  async function byIds(viewerId: string | null, ids: string[]): Promise<UserSearchRow[]> {
    if (ids.length === 0) return [];
    return (await repo.byIds(viewerId, ids)).map(normalize);
  }

  return { matching, byIds };
}
export type UserSearch = ReturnType<typeof createUserSearch>;
