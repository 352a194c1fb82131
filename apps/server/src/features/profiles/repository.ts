import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { notRemovedSql } from '../access/sql.js';
import { usersAs } from '../accounts/repository.js';
import { mediaAs } from '../posts/repository.js';

/** What a profile reads of its account's posts and counts. */
export function createProfilesRepository(db: Db) {
  return {
    /** One owner's posts (profile grid), newest first; processing ones only for the owner; none a moderator removed. */
    async ownerIds(ownerId: string, viewerId: string | null, first: number, beforeId: string | null): Promise<string[]> {
      let q = db.selectFrom(mediaAs('media')).select('id').where('owner_id', '=', ownerId).where(notRemovedSql('media', sql.ref('media.id')));
      if (viewerId !== ownerId) q = q.where('status', '=', 'ready');
      if (beforeId) q = q.where('id', '<', beforeId);
      const rows = await q.orderBy('id', 'desc').limit(first + 1).execute();
      return rows.map((r) => r.id);
    },

    countOwner(ownerId: string, viewerId: string | null) {
      let q = db.selectFrom(mediaAs('media')).select((eb) => eb.fn.countAll<string>().as('n')).where('owner_id', '=', ownerId).where(notRemovedSql('media', sql.ref('media.id')));
      if (viewerId !== ownerId) q = q.where('status', '=', 'ready');
      return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    async followCounts(userId: string): Promise<{ followers: number; following: number }> {
      const row = await db.selectFrom(usersAs('users')).select(['follower_count', 'following_count']).where('id', '=', userId).executeTakeFirst();
      return { followers: row?.follower_count ?? 0, following: row?.following_count ?? 0 };
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
