import type { Db } from '../../db/database.js';

/** Comments as a moderator judges them: removed or not, with their author and post. */
export function createCommentModerationRepository(db: Db) {
  return {
    async things(ids: readonly string[]): Promise<{ id: string; user_id: string; media_id: string; text: string }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('comments').select(['id', 'user_id', 'media_id', 'text']).where('id', 'in', [...ids]).execute();
    },
  };
}
