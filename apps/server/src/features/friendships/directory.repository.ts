import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The read of `follows` the suggested directory makes: the people around one person, that is,
 * the most recent of those they follow and of those who follow them (a sample keeps a famous
 * account's page as cheap as anyone's; both come from the follows indexes).
 */
export function createFollowDirectoryReads(db: Db) {
  return {
    async aroundIds(userId: string, sample: number): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`
        (select followee_id as id from follows where follower_id = ${userId} order by follows.id desc limit ${sample})
        union
        (select follower_id as id from follows where followee_id = ${userId} order by follows.id desc limit ${sample})`.execute(db);
      return rows.map((r) => String(r.id));
    },
  };
}
export type FollowDirectoryReads = ReturnType<typeof createFollowDirectoryReads>;
