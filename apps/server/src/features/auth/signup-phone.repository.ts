import type { Db } from '../../db/database.js';

/** A phone signup's codes, one pending per number. */
export function createSignupPhoneRepository(db: Db) {
  return {
    pending(phone: string) {
      return db.selectFrom('signup_phone_codes').selectAll().where('phone_number', '=', phone).executeTakeFirst();
    },

    async put(row: { phone_number: string; code_hash: string; sent_at: Date; expires_at: Date; sends: number }): Promise<void> {
      await db
        .insertInto('signup_phone_codes')
        .values({ ...row, attempts: 0, verified_at: null })
        .onConflict((oc) => oc.column('phone_number').doUpdateSet({ ...row, attempts: 0, verified_at: null }))
        .execute();
    },

    /** Counts one try, in the same statement as the check, so parallel guesses cannot pass the limit. */
    spendAttempt(phone: string, maxAttempts: number) {
      return db
        .updateTable('signup_phone_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('phone_number', '=', phone)
        .where('attempts', '<', maxAttempts)
        .returning(['code_hash', 'expires_at', 'verified_at'])
        .executeTakeFirst();
    },

    async markVerified(phone: string, codeHash: string): Promise<void> {
      await db.updateTable('signup_phone_codes').set({ verified_at: new Date() }).where('phone_number', '=', phone).where('code_hash', '=', codeHash).execute();
    },

    /** Uses a verified code for one signup: false when there is none (or another signup took it). */
    async take(phone: string, codeHash: string, verifiedSince: Date): Promise<boolean> {
      const done = await db
        .deleteFrom('signup_phone_codes')
        .where('phone_number', '=', phone)
        .where('code_hash', '=', codeHash)
        .where('verified_at', '>=', verifiedSince)
        .executeTakeFirst();
      return Number(done.numDeletedRows) === 1;
    },
  };
}
