import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { StoryRow } from './present.js';

const STORY_COLUMNS = [
  'stories.id', 'stories.owner_id', 'stories.kind', 'stories.audience', 'stories.width', 'stories.height', 'stories.thumbhash',
  'stories.variants', 'stories.video_key', 'stories.poster_key', 'stories.duration_ms', 'stories.stickers', 'stories.taken_at', 'stories.expiring_at',
] as const;

/** The owner's own stories, live and expired, as long as the purge keeps them (stories_owner_idx). */
export function createArchiveRepository(db: Db) {
  return {
    /** `after` is the last row's exact time as the database wrote it (microseconds, which a Date would lose) and id. */
    page(ownerId: string, first: number, after: { takenAt: string; id: string } | null): Promise<(StoryRow & { taken_key: string })[]> {
      let q = db.selectFrom('stories').select(STORY_COLUMNS).select(sql<string>`stories.taken_at::text`.as('taken_key'))
        .where('owner_id', '=', ownerId).where('status', '=', 'ready');
      if (after) q = q.where(sql<boolean>`(stories.taken_at, stories.id) < (${after.takenAt}::timestamptz, ${after.id})`);
      return q.orderBy('stories.taken_at', 'desc').orderBy('stories.id', 'desc').limit(first + 1).execute() as Promise<(StoryRow & { taken_key: string })[]>;
    },
  };
}
export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;
