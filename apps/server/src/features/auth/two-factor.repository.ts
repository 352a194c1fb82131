import type { Db } from '../../db/database.js';

/**
 * Every SQL statement of two-factor authentication: `totp_secrets`, `backup_codes`,
 * `two_factor_challenges` and `trusted_devices` (texted codes: two-factor-sms.repository.ts).
 */
export function createTwoFactorRepository(db: Db) {
  return {
    /** The account's secret, enabled or pending; `last_step` as a number. */
    async totp(userId: string) {
      const row = await db.selectFrom('totp_secrets').select(['secret', 'enabled_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
      return row && { ...row, last_step: row.last_step === null ? null : Number(row.last_step) };
    },

    /** Whether the account has the authenticator app on. */
    isEnabled: (userId: string) => totpOn(db, userId),

    /** Whether the account has two-factor on, by either method. */
    async anyEnabled(userId: string): Promise<boolean> {
      return (await totpOn(db, userId)) || (await smsOn(db, userId));
    },

    /** A new pending secret; nothing when the account's secret is already enabled. */
    async putPending(userId: string, secret: string): Promise<boolean> {
      const res = await db
        .insertInto('totp_secrets')
        .values({ user_id: userId, secret })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: null }).where('totp_secrets.enabled_at', 'is', null))
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Turns the pending secret on with the step of the code that confirmed it. Backup codes are
     * made only when the account has none (texted codes may have made them). Null when the
     * pending secret is no longer this one.
     */
    async enable(userId: string, secret: string, step: number, codeHashes: string[]): Promise<{ kept: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('totp_secrets')
          .set({ enabled_at: new Date(), last_step: step })
          .where('user_id', '=', userId)
          .where('secret', '=', secret)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) return null;
        const kept = await hasBackupCodes(trx, userId);
        if (!kept) await insertCodes(trx, userId, codeHashes);
        return { kept };
      });
    },

    /**
     * Records the step of an accepted code, only if it is later than the last one: of two requests
     * with the same code, one wins.
     */
    async useStep(userId: string, step: number): Promise<boolean> {
      const res = await db
        .updateTable('totp_secrets')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step) as never)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Turns the app off: the secret goes; with no method left, the backup codes and the trusted browsers too. */
    async disable(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
        await forgetIfAllOff(trx, userId);
      });
    },

    replaceBackupCodes: (userId: string, codeHashes: string[]) => db.transaction().execute((trx) => replaceCodes(trx, userId, codeHashes)),

    async backupCodesRemaining(userId: string): Promise<number> {
      const row = await db
        .selectFrom('backup_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks an unused backup code used; false when it is not one (or was used). */
    async useBackupCode(userId: string, codeHash: string): Promise<boolean> {
      const res = await db
        .updateTable('backup_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async insertChallenge(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insertInto('two_factor_challenges').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
    },

    /** The account of a live, unused challenge. */
    async challengeUser(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('two_factor_challenges')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Spends a challenge once; false when another request spent it first. */
    async useChallenge(tokenHash: string): Promise<boolean> {
      const res = await db
        .updateTable('two_factor_challenges')
        .set({ used_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async insertTrustedDevice(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insertInto('trusted_devices').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
    },

    /** When the browser was trusted, if it is trusted for this account and not expired. */
    async trustedSince(tokenHash: string, userId: string): Promise<Date | undefined> {
      const row = await db
        .selectFrom('trusted_devices')
        .select('created_at')
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row?.created_at;
    },

    async forgetTrustedDevices(userId: string): Promise<void> {
      await db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

async function replaceCodes(trx: Db, userId: string, codeHashes: string[]): Promise<void> {
  await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
  await insertCodes(trx, userId, codeHashes);
}

export async function insertCodes(trx: Db, userId: string, codeHashes: string[]): Promise<void> {
  await trx.insertInto('backup_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
}

/** Whether the account has backup codes, used or not: they exist from the first method on until the last one is off. */
export async function hasBackupCodes(trx: Db, userId: string): Promise<boolean> {
  return (await trx.selectFrom('backup_codes').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

async function totpOn(trx: Db, userId: string): Promise<boolean> {
  return (await trx.selectFrom('totp_secrets').select('user_id').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst()) !== undefined;
}

async function smsOn(trx: Db, userId: string): Promise<boolean> {
  return (await trx.selectFrom('two_factor_phones').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/**
 * Once a method is turned off: if none is left on, the backup codes and the browsers trusted to
 * skip two-factor mean nothing any more and go.
 */
export async function forgetIfAllOff(trx: Db, userId: string): Promise<void> {
  if ((await totpOn(trx, userId)) || (await smsOn(trx, userId))) return;
  await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
}
