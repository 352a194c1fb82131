import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';

/** Stories as a moderator judges them: removed or expired, with their owner and picture. */
export function createStoryModerationRepository(db: Db) {
  return {
    async things(ids: readonly string[]): Promise<{ id: string; owner_id: string; variants: ImageVariant[] }[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('stories').select(['id', 'owner_id', 'variants']).where('id', 'in', [...ids]).execute();
    },
  };
}
