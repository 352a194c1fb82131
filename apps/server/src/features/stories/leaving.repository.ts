import type { Db } from '../../db/database.js';

/** An account's stories and highlights: for its archive, and their files when it is purged. */
export function createStoriesLeavingRepository(db: Db) {
  return {
    storiesOf(userId: string) {
      return db.selectFrom('stories')
        .select(['id', 'kind', 'status', 'audience', 'variants', 'video_key', 'poster_key', 'taken_at', 'expiring_at', 'created_at'])
        .where('owner_id', '=', userId).orderBy('id').execute();
    },

    async highlightsOf(userId: string) {
      const highlights = await db.selectFrom('highlights').select(['id', 'title', 'cover_story_id', 'created_at']).where('owner_id', '=', userId).orderBy('id').execute();
      const items = highlights.length === 0 ? [] : await db.selectFrom('highlight_items').select(['highlight_id', 'story_id'])
        .where('highlight_id', 'in', highlights.map((h) => h.id)).orderBy('added_at').execute();
      return highlights.map((h) => ({ ...h, story_ids: items.filter((it) => it.highlight_id === h.id).map((it) => it.story_id) }));
    },
  };
}
