import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * What an account leaving touches of comments: the counts its comments and comment likes add to
 * others' (taken out while it is gone, put back when it returns), and its comments for its archive.
 */
export function createCommentsLeavingRepository(db: Db) {
  return {
    /** How many comments the person wrote on each post. */
    async perPost(trx: Db, userId: string): Promise<{ media_id: string; n: number }[]> {
      const rows = await trx.selectFrom('comments').select(['media_id', sql<string>`count(*)`.as('n')]).where('user_id', '=', userId).groupBy('media_id').execute();
      return rows.map((r) => ({ media_id: r.media_id, n: Number(r.n) }));
    },

    /** Moves the like counts of comments the person liked, and the reply counts of those they answered, by `delta`. */
    async shiftCounts(trx: Db, userId: string, delta: 1 | -1): Promise<void> {
      await trx.updateTable('comments')
        .set({ like_count: sql<number>`greatest(like_count + ${delta}, 0)` })
        .where('id', 'in', (eb) => eb.selectFrom('comment_likes').select('comment_id').where('user_id', '=', userId))
        .execute();
      const replies = await trx.selectFrom('comments').select(['parent_id', sql<string>`count(*)`.as('n')])
        .where('user_id', '=', userId).where('parent_id', 'is not', null).groupBy('parent_id').execute();
      for (const r of replies) {
        await trx.updateTable('comments').set({ reply_count: sql<number>`greatest(reply_count + ${delta * Number(r.n)}, 0)` }).where('id', '=', r.parent_id!).execute();
      }
    },

    /** The person's comments, oldest first, for their archive. */
    commentsOf(userId: string) {
      return db.selectFrom('comments').select(['id', 'media_id', 'parent_id', 'text', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
    },
  };
}
