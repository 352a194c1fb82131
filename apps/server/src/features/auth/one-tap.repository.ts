import type { Db } from '../../db/database.js';

/** Every SQL statement of one-tap login: `one_tap_tokens`. */
export function createOneTapRepository(db: Db) {
  return {
    async insert(tokenHash: string, userId: string): Promise<void> {
      await db.insertInto('one_tap_tokens').values({ token_hash: tokenHash, user_id: userId }).execute();
    },

    /** The saved logins among these token hashes (a browser holds a few at most). */
    async find(tokenHashes: string[]) {
      if (tokenHashes.length === 0) return [];
      return db
        .selectFrom('one_tap_tokens')
        .select(['token_hash', 'user_id', 'created_at', 'last_used_at'])
        .where('token_hash', 'in', tokenHashes)
        .execute();
    },

    /** A new nonce for the next login with this token; the one before it stops working. */
    async setNonce(tokenHash: string, nonceHash: string): Promise<void> {
      await db.updateTable('one_tap_tokens').set({ login_nonce_hash: nonceHash }).where('token_hash', '=', tokenHash).execute();
    },

    /**
     * Spends the nonce of this token of this account, once: a second request with the same nonce
     * finds it gone. Answers when the token was made, or nothing.
     */
    async useNonce(tokenHash: string, userId: string, nonceHash: string): Promise<Date | undefined> {
      const row = await db
        .updateTable('one_tap_tokens')
        .set({ login_nonce_hash: null, last_used_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where('login_nonce_hash', '=', nonceHash)
        .returning('created_at')
        .executeTakeFirst();
      return row?.created_at;
    },

    async remove(tokenHashes: string[]): Promise<void> {
      if (tokenHashes.length === 0) return;
      await db.deleteFrom('one_tap_tokens').where('token_hash', 'in', tokenHashes).execute();
    },

    /** Every browser's saved login of the account. */
    async forgetAccount(userId: string): Promise<void> {
      await db.deleteFrom('one_tap_tokens').where('user_id', '=', userId).execute();
    },
  };
}
export type OneTapRepository = ReturnType<typeof createOneTapRepository>;
