import type { ReelRingResult } from '@shutter/contract/results';
import type { Db } from '../../db/database.js';
import { createStoryReadsRepository } from './reads.repository.js';

/** A ring and how many of its stories the viewer has not seen yet (search's `unseen_count`). */
export interface RingWithUnseen {
  ring: ReelRingResult;
  unseen: number;
}

/**
 * The rings around people's pictures: for a viewer and a page of people, each one's live story
 * as the viewer may see it, read in one statement for the whole page; people without a story the
 * viewer may see are absent from the answer.
 */
export function createStoryRings(db: Db) {
  const reads = createStoryReadsRepository(db);

  async function read(viewerId: string | null, userIds: string[]): Promise<Map<string, RingWithUnseen>> {
    const ids = [...new Set(userIds)];
    const out = new Map<string, RingWithUnseen>();
    if (ids.length === 0) return out;
    const rows = await reads.ringRows(viewerId, ids, new Date());
    for (const r of rows) {
      const ownerId = String(r.owner_id);
      out.set(ownerId, {
        ring: {
          id: ownerId,
          latest_reel_media: seconds(r.latest),
          seen: r.seen_at ? seconds(r.seen_at) : 0,
          // The viewer's own close friends' story is theirs to post, not a list they are on.
          has_besties_media: Boolean(r.besties) && ownerId !== viewerId,
        },
        unseen: Number(r.unseen),
      });
    }
    return out;
  }

  return {
    read,

    async ringsFor(viewerId: string | null, userIds: string[]): Promise<Map<string, ReelRingResult>> {
      const rings = await read(viewerId, userIds);
      return new Map([...rings].map(([id, r]) => [id, r.ring]));
    },

    /**
     * Gives each presented person their `reel` (the ring, or null), in one statement for all of
     * them. The people are the answer's own fresh objects, never a cached summary.
     */
    async attach<T extends { id: string; reel?: ReelRingResult | null }>(viewerId: string | null, people: T[]): Promise<T[]> {
      const rings = await read(viewerId, people.map((p) => p.id));
      for (const p of people) p.reel = rings.get(p.id)?.ring ?? null;
      return people;
    },
  };
}
export type StoryRings = ReturnType<typeof createStoryRings>;

const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
