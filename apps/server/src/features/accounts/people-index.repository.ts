import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inSql } from '../../db/table-ref.js';
import { notBlockedSql, notGoneSql, notLimitedSql } from '../access/sql.js';
import { followsAs, followsSql } from '../friendships/repository.js';
import type { UserSearchRow } from './search.repository.js';

/** What people search's index holds of an account. */
export interface IndexedAccountRow {
  id: string;
  username: string;
  full_name: string;
  follower_count: number;
}

/** People the viewer follows read per search, whose names are then matched here: friends are never cut by the index's bound. */
const FOLLOWED_CANDIDATES = 50;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of people search's index (features/search/people-index.ts): loading it, refreshing accounts, and the rows of the people it proposes. */
export function createPeopleIndexRepository(db: Db) {
  const accountColumns = ['id', 'username', 'full_name', 'follower_count'] as const;
  return {
    /** The next `limit` accounts after `afterId`, in id order: the index loads in batches. */
    accountsAfter(afterId: string | null, limit: number): Promise<IndexedAccountRow[]> {
      let q = db.selectFrom('users').select(accountColumns).orderBy('id').limit(limit);
      if (afterId !== null) q = q.where('id', '>', afterId);
      return q.execute();
    },

    /** These accounts as they are now; a deleted one is missing. */
    accounts(ids: readonly string[]): Promise<IndexedAccountRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(accountColumns).where('id', 'in', [...ids]).execute();
    },

    /**
     * Search's rows for the proposed people and for the people the viewer follows whose username,
     * name or a word of it starts with one of `spellings`; the access rules leave out the gone,
     * the limited and, for a viewer, anyone a block stands between.
     */
    async rows(viewerId: string | null, ids: readonly string[], spellings: readonly string[]): Promise<Omit<UserSearchRow, 'tier'>[]> {
      const viewer = viewerId ?? '0';
      const patterns = spellings.map((s) => `${escapeLike(s)}%`);
      const wordPatterns = spellings.map((s) => `% ${escapeLike(s)}%`);
      const followed = viewerId && patterns.length
        ? sql`union (select f.followee_id from ${inSql(followsAs('f'))} join users u on u.id = f.followee_id
            where f.follower_id = ${viewer} and (fold_text(u.username) like any(${sql.val(patterns)}::text[])
              or fold_text(u.full_name) like any(${sql.val(patterns)}::text[]) or fold_text(u.full_name) like any(${sql.val(wordPatterns)}::text[]))
            limit ${FOLLOWED_CANDIDATES})`
        : sql``;
      const visible = sql`${viewerId ? notBlockedSql(viewerId, sql.ref('u.id')) : notGoneSql(sql.ref('u.id'))} and ${notLimitedSql(sql.ref('u.id'))}`;
      const { rows } = await sql<Omit<UserSearchRow, 'tier'>>`
        with candidates as (select unnest(${sql.val(ids)}::bigint[]) as id ${followed}),
        found as (
          select u.id, u.username, u.full_name, u.profile_pic_key, u.is_private, u.is_verified, u.follower_count,
            ${viewerId ? followsSql(viewer, sql.ref('u.id')) : sql`false`} as followed_by_viewer,
            ${viewerId ? followsSql(sql.ref('u.id'), viewer) : sql`false`} as follows_viewer
          from users u where u.id in (select id from candidates) and ${visible}
        )
        select s.*, ${viewerId ? sql`case when s.followed_by_viewer then null else (select m.username
            from ${inSql(followsAs('f1'))} join ${inSql(followsAs('f2'))} on f2.follower_id = f1.followee_id join users m on m.id = f1.followee_id
            where f1.follower_id = ${viewer} and f2.followee_id = s.id
            order by m.follower_count desc, m.id limit 1) end` : sql`null`} as mutual_username
        from found s`.execute(db);
      return rows;
    },
  };
}
