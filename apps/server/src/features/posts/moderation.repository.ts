import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';

export interface ModeratedPostRow {
  id: string;
  owner_id: string;
  caption: string;
  variants: ImageVariant[] | null;
  sensitive_at: Date | null;
}

/**
 * What moderation reads and writes of posts: a post as a moderator judges it (removed or not, the
 * moderator still sees it) and the sensitive mark. Writes take the caller's transaction, so that
 * the mark and the audit line commit together.
 */
export function createPostModerationRepository(db: Db) {
  return {
    async things(ids: readonly string[]): Promise<ModeratedPostRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('media')
        .leftJoin('media_items as first', (j) => j.onRef('first.media_id', '=', 'media.id').on('first.position', '=', 0))
        .select(['media.id', 'media.owner_id', 'media.caption', 'first.variants', 'media.sensitive_at'])
        .where('media.id', 'in', [...ids])
        .execute();
    },

    /** Marks these posts sensitive (a date) or clears the mark (null); answers the posts changed. */
    async setSensitive(trx: Db, ids: readonly string[], at: Date | null): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await trx.updateTable('media').set({ sensitive_at: at }).where('id', 'in', [...ids]).returning('id').execute();
      return rows.map((r) => r.id);
    },

    /** Every post of an account (Mastodon's `sensitive` without a post: all of them). */
    async idsOfOwner(ownerId: string): Promise<string[]> {
      const rows = await db.selectFrom('media').select('id').where('owner_id', '=', ownerId).execute();
      return rows.map((r) => r.id);
    },
  };
}
