import type { Db } from '../../db/database.js';

/**
 * Who an account follows and who follows it: the counts its leaving moves, and its archive's
 * lists, read in the caller's transaction when it passes one as `trx`.
 */
export async function followEdges(trx: Db, userId: string): Promise<{ following: string[]; followers: string[] }> {
  const [following, followers] = await Promise.all([
    trx.selectFrom('follows').select('followee_id').where('follower_id', '=', userId).orderBy('id').execute(),
    trx.selectFrom('follows').select('follower_id').where('followee_id', '=', userId).orderBy('id').execute(),
  ]);
  return { following: following.map((r) => r.followee_id), followers: followers.map((r) => r.follower_id) };
}
