import type { Db } from '../../db/database.js';

/** Every SQL statement of `oidc_identities`: which account a person of the operator's provider signs in to. */
export function createOidcRepository(db: Db) {
  return {
    /** The account this provider's subject signs in to, if any. */
    async userOf(issuer: string, subject: string): Promise<string | undefined> {
      const row = await db.selectFrom('oidc_identities').select('user_id')
        .where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
      return row?.user_id;
    },

    /** Ties the subject to the account; a unique violation when the subject is already tied. */
    async link(issuer: string, subject: string, userId: string): Promise<void> {
      await db.insertInto('oidc_identities').values({ issuer, subject, user_id: userId }).execute();
    },

    async touch(issuer: string, subject: string): Promise<void> {
      await db.updateTable('oidc_identities').set({ last_login_at: new Date() })
        .where('issuer', '=', issuer).where('subject', '=', subject).execute();
    },

    /** Runs `work` in one transaction (an account and its identity are written together or not at all). */
    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),
  };
}
export type OidcRepository = ReturnType<typeof createOidcRepository>;
