import type { Db } from '../../db/database.js';

/** Direct messages as a moderator judges them: the reported one's words and sender. */
export function createDirectModerationRepository(db: Db) {
  return {
    async things(ids: readonly string[]): Promise<{ id: string; user_id: string; text: string | null }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('direct_items').select(['id', 'user_id', 'text']).where('id', 'in', [...ids]).execute();
    },
  };
}
