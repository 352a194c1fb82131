import type { Db } from '../../db/database.js';
import { hasBackupCodes, insertCodes, forgetIfAllOff } from './two-factor.repository.js';

export type SmsCodePurpose = 'enable' | 'login';

/**
 * Every SQL statement of texted two-factor codes: `two_factor_phones` (the number, while the
 * method is on) and `two_factor_sms_codes` (the codes in flight, one per account and purpose).
 */
export function createTwoFactorSmsRepository(db: Db) {
  return {
    /** The number login codes go to, while texted codes are on. */
    phone(userId: string) {
      return db.selectFrom('two_factor_phones').select(['phone_number', 'enabled_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    pendingCode(userId: string, purpose: SmsCodePurpose) {
      return db.selectFrom('two_factor_sms_codes').selectAll().where('user_id', '=', userId).where('purpose', '=', purpose).executeTakeFirst();
    },

    /** Stores the account's one code of this purpose, replacing the last, with its tries reset. */
    async putCode(row: { user_id: string; purpose: SmsCodePurpose; phone_number: string; code_hash: string; sent_at: Date; expires_at: Date; sends: number }): Promise<void> {
      await db.insertInto('two_factor_sms_codes').values({ ...row, attempts: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet({ ...row, attempts: 0 }))
        .execute();
    },

    /**
     * Spends one try of the pending code before it is compared, so that tries at once cannot pass
     * the limit; answers the code as it was, or nothing when there is none or no try is left.
     */
    spendAttempt(userId: string, purpose: SmsCodePurpose, maxAttempts: number) {
      return db.updateTable('two_factor_sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId).where('purpose', '=', purpose).where('attempts', '<', maxAttempts)
        .returning(['phone_number', 'code_hash', 'expires_at'])
        .executeTakeFirst();
    },

    /** Uses the code once: removes it if it is still this one; false when another request took it. */
    async takeCode(userId: string, purpose: SmsCodePurpose, codeHash: string): Promise<boolean> {
      const res = await db.deleteFrom('two_factor_sms_codes')
        .where('user_id', '=', userId).where('purpose', '=', purpose).where('code_hash', '=', codeHash)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },

    /**
     * Turns texted codes on for `phone`, in one transaction with `alsoDo` (the number confirmed on
     * the account). Backup codes are the account's, whichever method made them: made here only
     * when there are none. Answers null when the method was on already.
     */
    enable(userId: string, phone: string, codeHashes: string[], alsoDo: (trx: Db) => Promise<void>): Promise<{ kept: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const res = await trx.insertInto('two_factor_phones').values({ user_id: userId, phone_number: phone })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst();
        if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return null;
        const kept = await hasBackupCodes(trx, userId);
        if (!kept) await insertCodes(trx, userId, codeHashes);
        await alsoDo(trx);
        return { kept };
      });
    },

    /** Turns texted codes off; with no method left, the backup codes and the trusted browsers go too. */
    async disable(userId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx.deleteFrom('two_factor_phones').where('user_id', '=', userId).executeTakeFirst();
        if (res.numDeletedRows === 0n) return false;
        await trx.deleteFrom('two_factor_sms_codes').where('user_id', '=', userId).where('purpose', '=', 'login').execute();
        await forgetIfAllOff(trx, userId);
        return true;
      });
    },
  };
}
