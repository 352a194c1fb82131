import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { existingUserIds, lockAccount, userSummaryColumns, usersAs } from '../accounts/repository.js';
import { followsAs } from '../friendships/repository.js';
import type { UserSummaryRow } from '../../platform/presenters.js';
import { notBlockedSql } from '../access/sql.js';

/** Close friends come first (by id), then followers who are not one (newest follow first). */
export type CandidateRow = UserSummaryRow & { group: 0 | 1; key: string };

/** `%` and `_` typed by someone are letters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The close_friends table's SQL: one owner's list and the candidates to add to it. People are
 * read under `u` and followers under `f`, lent by their owners.
 */
export function createCloseFriendsRepository(db: Db) {
  const matching = (query: string | null) => {
    if (!query) return sql<boolean>`true`;
    const like = `%${likeEscape(query.toLowerCase())}%`;
    return sql<boolean>`(lower(u.username) like ${like} or lower(u.full_name) like ${like})`;
  };

  return {
    /** How many close friends the owner has, less those a block now stands between (they see nothing of them). */
    async count(ownerId: string): Promise<number> {
      const row = await db.selectFrom('close_friends as cf').select(sql<string>`count(*)`.as('n'))
        .where('cf.owner_id', '=', ownerId).where(notBlockedSql(ownerId, sql.ref('cf.friend_id'))).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async closeFriends(ownerId: string, query: string | null, afterId: string | null, limit: number): Promise<CandidateRow[]> {
      let q = db.selectFrom('close_friends as cf').innerJoin(usersAs('u'), 'u.id', 'cf.friend_id').select(userSummaryColumns('u')).select('cf.friend_id as key')
        .where('cf.owner_id', '=', ownerId).where(notBlockedSql(ownerId, sql.ref('cf.friend_id'))).where(matching(query));
      if (afterId) q = q.where('cf.friend_id', '<', afterId);
      const rows = await q.orderBy('cf.friend_id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, group: 0 as const }));
    },

    /** Followers who are not close friends yet (follows_followee_idx). */
    async followers(ownerId: string, query: string | null, afterFollowId: string | null, limit: number): Promise<CandidateRow[]> {
      let q = db.selectFrom(followsAs('f')).innerJoin(usersAs('u'), 'u.id', 'f.follower_id').select(userSummaryColumns('u')).select('f.id as key')
        .where('f.followee_id', '=', ownerId)
        .where(sql<boolean>`not exists (select 1 from close_friends cf where cf.owner_id = ${ownerId} and cf.friend_id = f.follower_id)`)
        .where(notBlockedSql(ownerId, sql.ref('f.follower_id'))).where(matching(query));
      if (afterFollowId) q = q.where('f.id', '<', afterFollowId);
      const rows = await q.orderBy('f.id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, group: 1 as const }));
    },

    existing: (ids: readonly string[]): Promise<Set<string>> => existingUserIds(db, ids),

    /** Adds and removes in one transaction; answers the list's length after, before it commits (the caller may refuse it). */
    change(ownerId: string, add: readonly string[], remove: readonly string[], accept: (total: number) => void): Promise<void> {
      return db.transaction().execute(async (trx) => {
        // One change at a time per owner, so two cannot pass the limit together.
        await lockAccount(trx, ownerId);
        if (remove.length > 0) await trx.deleteFrom('close_friends').where('owner_id', '=', ownerId).where('friend_id', 'in', [...remove]).execute();
        if (add.length > 0) {
          await trx.insertInto('close_friends').values(add.map((friend_id) => ({ owner_id: ownerId, friend_id })))
            .onConflict((oc) => oc.columns(['owner_id', 'friend_id']).doNothing()).execute();
        }
        const row = await trx.selectFrom('close_friends').select(sql<string>`count(*)`.as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
        accept(Number(row.n));
      });
    },
  };
}
export type CloseFriendsRepository = ReturnType<typeof createCloseFriendsRepository>;
