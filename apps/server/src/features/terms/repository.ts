import type { Db } from '../../db/database.js';

export interface TermsRow {
  tos_version: string | null;
  declined_at: Date | null;
}

/** All SQL of `terms_acceptances`: one row per account. */
export function createTermsRepository(db: Db) {
  return {
    async find(userId: string): Promise<TermsRow | undefined> {
      return db.selectFrom('terms_acceptances').select(['tos_version', 'declined_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    /** The account agrees to `version` (a signup, or "Agree"): any earlier "Not now" is over. */
    async accept(userId: string, version: string, consents: Record<string, boolean> | null): Promise<void> {
      const row = { tos_version: version, accepted_at: new Date(), consents: consents ? JSON.stringify(consents) : null, declined_at: null };
      await db.insertInto('terms_acceptances').values({ user_id: userId, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row)).execute();
    },

    /** An account that has not agreed to any version yet (made where consent is required, by a provider). */
    async markUnaccepted(userId: string): Promise<void> {
      await db.insertInto('terms_acceptances').values({ user_id: userId, tos_version: null }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    },

    /** "Not now": the version agreed before stays on record; the account is blocked until it agrees. */
    async decline(userId: string): Promise<void> {
      const now = new Date();
      await db.insertInto('terms_acceptances').values({ user_id: userId, tos_version: null, declined_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ declined_at: now })).execute();
    },
  };
}
