import type { Db } from '../../db/database.js';

/** Every SQL statement of `email_confirmations` and `phone_confirmations`. */
export function createContactConfirmationRepository(db: Db) {
  return {
    async addEmailLink(link: { token_hash: string; user_id: string; email_lower: string; expires_at: Date }): Promise<void> {
      await db.insertInto('email_confirmations').values(link).execute();
    },

    /**
     * Spends the link: marks it used if it was unused and unexpired, and answers its account and
     * address. A second use finds nothing, even two at once (the update takes the row).
     */
    useEmailLink(tokenHash: string) {
      return db.updateTable('email_confirmations').set({ used_at: new Date() })
        .where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', new Date())
        .returning(['user_id', 'email_lower'])
        .executeTakeFirst();
    },

    pendingPhone(userId: string) {
      return db.selectFrom('phone_confirmations').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Stores the account's one pending code (replacing any before it). */
    async putPhoneCode(row: { user_id: string; phone_number: string; code_hash: string; sent_at: Date; expires_at: Date; sends: number }): Promise<void> {
      await db.insertInto('phone_confirmations').values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row, attempts: 0 }))
        .execute();
    },

    /**
     * Spends one try of the pending code before it is compared, so that tries at once cannot pass
     * the limit; answers the code's row as it was, or nothing when no try is left.
     */
    spendPhoneAttempt(userId: string, maxAttempts: number) {
      return db.updateTable('phone_confirmations')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId).where('attempts', '<', maxAttempts)
        .returning(['phone_number', 'code_hash', 'expires_at'])
        .executeTakeFirst();
    },

    /** Removes the pending code if it is still this one; answers whether it was. */
    async takePhoneCode(userId: string, codeHash: string): Promise<boolean> {
      const result = await db.deleteFrom('phone_confirmations').where('user_id', '=', userId).where('code_hash', '=', codeHash).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

