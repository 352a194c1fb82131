import { parseReelId } from '@shutter/contract';
import { badRequest } from '../../platform/errors.js';
import { refuse } from '../access/refusals.js';
import { seconds } from './present.js';
import type { StoryReadsRepository } from './reads.repository.js';
import type { SeenRepository } from './seen.repository.js';

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
export function createReelSeen(seen: SeenRepository, reads: StoryReadsRepository, now: () => Date = () => new Date()) {
  return async function markSeen(viewerId: string, input: ReelSeen): Promise<number> {
    const reel = parseReelId(input.reelId);
    if (!reel || reel.kind === 'user' && reel.id !== input.reelMediaOwnerId) throw badRequest('reelId is not the reel of this story.');
    const story = await reads.story(input.reelMediaId);
    const at = now();
    const visible = story && story.owner_id === input.reelMediaOwnerId && (reel.kind === 'highlight'
      ? (await reads.visibleInHighlight(viewerId, reel.id, [story.id])).has(story.id)
      : (await reads.visibleAmong(viewerId, [story.id], at)).has(story.id));
    if (!story || !visible) throw refuse('story_hidden');
    if (seconds(story.taken_at) !== input.reelMediaTakenAt) throw badRequest('reelMediaTakenAt is not when this story was posted.');

    // Seconds, as the answers tell it: an item is unseen while it was posted later than this.
    const seenAt = new Date(seconds(story.taken_at) * 1000);
    // The view in milliseconds (a JavaScript date), so that the viewer list's cursor names a row exactly.
    return seconds(await seen.markSeen(viewerId, story, seenAt, at));
  };
}
export type MarkReelSeen = ReturnType<typeof createReelSeen>;
