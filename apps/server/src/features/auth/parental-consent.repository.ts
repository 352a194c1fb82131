import type { Db } from '../../db/database.js';

/** The parents' approval links: one row per mail sent, its nonce kept only as a hash. */
export function createParentalConsentRepository(db: Db) {
  return {
    async insert(row: { id: string; user_id: string; parent_email: string; nonce_hash: string; expires_at: Date }): Promise<void> {
      await db.insertInto('parental_consents').values(row).execute();
    },

    /** The link's request, while it can still be answered. */
    open(id: string, nonceHash: string) {
      return db
        .selectFrom('parental_consents')
        .select(['id', 'user_id', 'parent_email'])
        .where('id', '=', id)
        .where('nonce_hash', '=', nonceHash)
        .where('decided_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
    },

    /** Answers it once: false when another answer came first. */
    async decide(id: string, decision: 'approved' | 'not_parent'): Promise<boolean> {
      const done = await db
        .updateTable('parental_consents')
        .set({ decided_at: new Date(), decision })
        .where('id', '=', id)
        .where('decided_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
  };
}
