import { sql } from 'kysely';
import { parseReelId } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { badRequest, failWith } from '../../platform/errors.js';
import { seconds } from './present.js';
import type { StoryReadsRepository } from './reads.repository.js';

export interface ReelSeen {
  reelMediaId: string;
  reelMediaOwnerId: string;
  reelId: string;
  /** Seconds: when the item was posted, as the viewer was shown it. */
  reelMediaTakenAt: number;
}

/**
 * A reel marked seen up to one of its items. The reel's seen time is the latest posted time the
 * viewer reached and never goes back (items watched out of order leave it where it is); the
 * item's owner learns who saw it, except of their own viewing.
 */
export function createReelSeen(db: Db, reads: StoryReadsRepository, now: () => Date = () => new Date()) {
  return async function markSeen(viewerId: string, input: ReelSeen): Promise<number> {
    const reel = parseReelId(input.reelId);
    if (!reel || reel.kind === 'user' && reel.id !== input.reelMediaOwnerId) throw badRequest('reelId is not the reel of this story.');
    const story = await reads.story(input.reelMediaId);
    const at = now();
    const visible = story && story.owner_id === input.reelMediaOwnerId && (reel.kind === 'highlight'
      ? (await reads.visibleInHighlight(viewerId, reel.id, [story.id])).has(story.id)
      : (await reads.visibleAmong(viewerId, [story.id], at)).has(story.id));
    if (!story || !visible) throw failWith(404, { code: 'story_not_found' });
    if (seconds(story.taken_at) !== input.reelMediaTakenAt) throw badRequest('reelMediaTakenAt is not when this story was posted.');

    // Seconds, as the answers tell it: an item is unseen while it was posted later than this.
    const seenAt = new Date(seconds(story.taken_at) * 1000);
    return db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('story_reel_seen')
        .values({ viewer_id: viewerId, owner_id: story.owner_id, seen_at: seenAt })
        .onConflict((oc) => oc.columns(['viewer_id', 'owner_id']).doUpdateSet({ seen_at: sql`greatest(story_reel_seen.seen_at, excluded.seen_at)` }))
        .returning('seen_at')
        .executeTakeFirstOrThrow();
      if (story.owner_id !== viewerId) {
        // Milliseconds (a JavaScript date), so that the viewer list's cursor names a row exactly.
        await trx.insertInto('story_views').values({ story_id: story.id, viewer_id: viewerId, viewed_at: at })
          .onConflict((oc) => oc.columns(['story_id', 'viewer_id']).doNothing()).execute();
      }
      return seconds(row.seen_at);
    });
  };
}
export type MarkReelSeen = ReturnType<typeof createReelSeen>;
