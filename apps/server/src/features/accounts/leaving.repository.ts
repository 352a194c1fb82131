import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * What an account leaving touches of accounts: the follow counts it adds to others (the database
 * keeps them from `follows`; while the account is gone its follows count for nobody), its profile
 * for its archive, and the account row itself, whose deletion takes everything keyed to it along.
 */
export function createAccountsLeavingRepository(db: Db) {
  return {
    /** Moves by `delta` the follower count of those the person follows, and the following count of their followers. */
    async shiftFollowCounts(trx: Db, edges: { following: string[]; followers: string[] }, delta: 1 | -1): Promise<void> {
      if (edges.following.length) {
        await sql`update users set follower_count = greatest(follower_count + ${delta}, 0) where id = any(${sql.val(edges.following)}::bigint[])`.execute(trx);
      }
      if (edges.followers.length) {
        await sql`update users set following_count = greatest(following_count + ${delta}, 0) where id = any(${sql.val(edges.followers)}::bigint[])`.execute(trx);
      }
    },

    /** What the archive's profile.json holds: the person's own account, nothing of anyone else. */
    profile(userId: string) {
      return db.selectFrom('users')
        .select(['id', 'username', 'full_name', 'email', 'phone_number', 'biography', 'external_url', 'is_private', 'gender', 'custom_gender', 'birthday', 'created_at', 'profile_pic_key'])
        .where('id', '=', userId).executeTakeFirst();
    },

    async remove(trx: Db, userId: string): Promise<boolean> {
      const res = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
