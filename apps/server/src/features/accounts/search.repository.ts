import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { inSql } from '../../db/table-ref.js';
import { notBlockedSql, notLimitedSql, notGoneSql } from '../access/sql.js';
import { followsAs, followsSql } from '../friendships/repository.js';

/** Each branch of the search reads at most this many candidates before they are ranked together. */
const BRANCH_CANDIDATES = 50;
/**
 * How close a misspelt name must be (pg_trgm's word similarity, 0..1). The extension's default of
 * 0.6 misses two swapped letters in an eight-letter name ("jonahtan" for "jonathan" is 0.44).
 */
const WORD_SIMILARITY = 0.4;
const NAME_SIMILARITY = 0.3;
/** How many words of names a misspelt word is read as. */
const CLOSE_TERMS = 3;
/** Candidates read per swapped spelling, by username and by each word of the name. */
const SWAP_CANDIDATES = 10;
/** The folded name (read by its first word) and its last word: the expressions of the name indexes. */
const FIRST_WORD = sql`fold_text(u.full_name)`;
const LAST_WORD = sql`substring(fold_text(u.full_name) from '([^[:space:]]+)[[:space:]]*$')`;

export interface UserSearchRow {
  id: string;
  username: string;
  full_name: string;
  profile_pic_key: string | null;
  is_private: boolean;
  is_verified: boolean;
  follower_count: number;
  followed_by_viewer: boolean;
  follows_viewer: boolean;
  /** A person the viewer follows who follows this one, for "Followed by x". */
  mutual_username: string | null;
  /** 0 exact, 1 prefix of the username or of a word of the name, 2 close (a typo). */
  tier: number;
}

interface SearchQuery {
  viewerId: string | null;
  /** The query as typed, trimmed. */
  text: string;
  /** Whether misspelt matches count too. */
  fuzzy: boolean;
  /** The query with two neighbouring letters swapped, each one typo away. */
  swaps: string[];
  limit: number;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The most followed person the viewer follows who follows `person`: "Followed by x". */
const mutualUsername = (viewer: string, person: RawBuilder<unknown>) => sql<string | null>`(select m.username
  from ${inSql(followsAs('f1'))} join ${inSql(followsAs('f2'))} on f2.follower_id = f1.followee_id join users m on m.id = f1.followee_id
  where f1.follower_id = ${viewer} and f2.followee_id = ${person}
  order by m.follower_count desc, m.id limit 1)`;

/** The SQL of people search: the bounded candidate branches and their ranking, as `user-search.ts` tells them. */
export function createUserSearchRepository(db: Db) {
  return {
    async ranked({ viewerId, text, fuzzy, swaps, limit }: SearchQuery): Promise<UserSearchRow[]> {
      const prefix = `${escapeLike(text)}%`;
      const viewer = viewerId ?? '0';
      const q = sql`fold_text(${text})`;
      const p = sql`fold_text(${prefix})`;
      const startsWith = sql`(fold_text(u.username) like ${p} or fold_text(u.full_name) like ${p} or fold_text(u.full_name) like '% ' || ${p})`;
      // A swap of two neighbouring letters is one typo: a username, a name or a word of it starting with a swapped spelling.
      const swappedMatch = swaps.length
        ? sql`exists (select 1 from swapped s where starts_with(fold_text(u.username), s.v) or starts_with(fold_text(u.full_name), s.v)
            or strpos(' ' || fold_text(u.full_name), ' ' || s.v) > 0)`
        : sql`false`;
      const close = sql`(fold_text(u.username) % ${q} or ${q} <% fold_text(u.full_name) or ${swappedMatch})`;
      // A limited account is left out of search; a suspended or departed one is gone (notBlockedSql tells both for the logged in).
      const visible = sql`${viewerId ? notBlockedSql(viewerId, sql.ref('u.id')) : notGoneSql(sql.ref('u.id'))} and ${notLimitedSql(sql.ref('u.id'))}`;
      const followedBranch = viewerId
        ? sql`union all (select u.id from ${inSql(followsAs('f'))} join users u on u.id = f.followee_id
            where f.follower_id = ${viewer} and (${startsWith}${fuzzy ? sql` or ${close}` : sql``}) limit ${BRANCH_CANDIDATES})`
        : sql``;
      // A misspelt word ("lindkvist") is matched against the words people's names are made of (a
      // small table, by trigrams); the closest few are then read as first or last names, in index order.
      const byTerm = (column: RawBuilder<unknown>, terms = sql`select term from close_terms`, max = BRANCH_CANDIDATES / 2) => sql`(select x.id from (${terms}) t cross join lateral (
          select u.id from users u where ${column} ~>=~ t.term and ${column} ~<~ (t.term || chr(1114111))
          order by ${column} using ~<~ limit ${max}) x)`;
      const swappedTerms = sql`select v as term from swapped`;
      const swapBranch = swaps.length
        ? sql`union all ${byTerm(sql`u.username_lower`, swappedTerms, SWAP_CANDIDATES)} union all ${byTerm(FIRST_WORD, swappedTerms, SWAP_CANDIDATES)} union all ${byTerm(LAST_WORD, swappedTerms, SWAP_CANDIDATES)}`
        : sql``;
      const fuzzyBranch = fuzzy
        ? sql`union all ${byTerm(FIRST_WORD)} union all ${byTerm(LAST_WORD)} ${swapBranch}`
        : sql``;
      // Every branch is an index range or a nearest-first scan cut at its limit, so a common prefix
      // over a million accounts costs what a rare one does.
      const ranked = sql<UserSearchRow>`
        with swapped as (
          select distinct fold_text(v) as v from unnest(${sql.val(swaps)}::text[]) as s(v)
        ),
        close_terms as (
          ${fuzzy ? sql`select term from search_terms where term % ${q} order by similarity(term, ${q}) desc, term limit ${CLOSE_TERMS}` : sql`select null::text as term where false`}
        ),
        candidates as (
          (select u.id from users u where u.username_lower = lower(${text}) limit ${BRANCH_CANDIDATES})
          union all (select u.id from users u where fold_text(u.full_name) = ${q} limit ${BRANCH_CANDIDATES})
          union all (select u.id from users u where u.username_lower like lower(${prefix}) order by u.username_lower using ~<~ limit ${BRANCH_CANDIDATES})
          union all (select u.id from users u where ${FIRST_WORD} like ${p} order by ${FIRST_WORD} using ~<~ limit ${BRANCH_CANDIDATES})
          union all (select u.id from users u where ${LAST_WORD} like ${p} order by ${LAST_WORD} using ~<~ limit ${BRANCH_CANDIDATES})
          ${fuzzyBranch}
          ${followedBranch}
        ),
        scored as (
          select u.id, u.username, u.full_name, u.profile_pic_key, u.is_private, u.is_verified, u.follower_count,
            ${followsSql(viewer, sql.ref('u.id'))} as followed_by_viewer,
            ${followsSql(sql.ref('u.id'), viewer)} as follows_viewer,
            case when fold_text(u.username) = ${q} or fold_text(u.full_name) = ${q} then 0 when ${startsWith} then 1 else 2 end as tier,
            case when ${swappedMatch} then 1 else greatest(similarity(fold_text(u.username), ${q}), word_similarity(${q}, fold_text(u.full_name))) end as closeness
          from users u where u.id in (select id from candidates) and ${visible}
            and (${startsWith} or fold_text(u.username) = ${q} or fold_text(u.full_name) = ${q}${fuzzy ? sql` or ${close}` : sql``})
        )
        select s.id, s.username, s.full_name, s.profile_pic_key, s.is_private, s.is_verified, s.follower_count,
          s.followed_by_viewer, s.follows_viewer, s.tier,
          case when s.followed_by_viewer then null else ${mutualUsername(viewer, sql.ref('s.id'))} end as mutual_username
        from scored s
        order by s.tier, s.followed_by_viewer desc, s.follows_viewer desc,
          case when s.tier = 2 then s.closeness else 0 end desc, s.follower_count desc, s.username
        limit ${limit}`;
      if (!fuzzy) return (await ranked.execute(db)).rows;
      // The similarity thresholds hold for this transaction only.
      return db.transaction().execute(async (trx) => {
        await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true), set_config('pg_trgm.similarity_threshold', ${String(NAME_SIMILARITY)}, true)`.execute(trx);
        return (await ranked.execute(trx)).rows;
      });
    },

    /** The same rows for these people, blocked people left out; in no order. */
    async byIds(viewerId: string | null, ids: string[]): Promise<UserSearchRow[]> {
      const viewer = viewerId ?? '0';
      const visible = viewerId ? notBlockedSql(viewerId, sql.ref('u.id')) : notGoneSql(sql.ref('u.id'));
      const { rows } = await sql<UserSearchRow>`
        select u.id, u.username, u.full_name, u.profile_pic_key, u.is_private, u.is_verified, u.follower_count, 0 as tier,
          ${followsSql(viewer, sql.ref('u.id'))} as followed_by_viewer,
          ${followsSql(sql.ref('u.id'), viewer)} as follows_viewer,
          ${mutualUsername(viewer, sql.ref('u.id'))} as mutual_username
        from users u where u.id in (${sql.join(ids)}) and ${visible}`.execute(db);
      return rows;
    },
  };
}
