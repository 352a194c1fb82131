import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The SQL of marking reels seen: the viewer's seen time per reel, and the owner's list of viewers. */
export function createSeenRepository(db: Db) {
  return {
    /**
     * Moves the viewer's seen time of the owner's reel forward to `seenAt` (never back: items
     * watched out of order leave it where it is) and answers it; puts the viewer on the story's
     * viewer list at `viewedAt` unless they are its owner. One transaction.
     */
    markSeen(viewerId: string, story: { id: string; owner_id: string }, seenAt: Date, viewedAt: Date): Promise<Date> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('story_reel_seen')
          .values({ viewer_id: viewerId, owner_id: story.owner_id, seen_at: seenAt })
          .onConflict((oc) => oc.columns(['viewer_id', 'owner_id']).doUpdateSet({ seen_at: sql`greatest(story_reel_seen.seen_at, excluded.seen_at)` }))
          .returning('seen_at')
          .executeTakeFirstOrThrow();
        if (story.owner_id !== viewerId) {
          await trx.insertInto('story_views').values({ story_id: story.id, viewer_id: viewerId, viewed_at: viewedAt })
            .onConflict((oc) => oc.columns(['story_id', 'viewer_id']).doNothing()).execute();
        }
        return row.seen_at;
      });
    },
  };
}
export type SeenRepository = ReturnType<typeof createSeenRepository>;
