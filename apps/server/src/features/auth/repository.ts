import type { Db } from '../../db/database.js';

/** A username or email as login compares it with the stored lower-case ones. */
export const loginKey = (login: string) => login.trim().toLowerCase();

/** Every SQL statement of accounts and authentication. */
export function createAuthRepository(db: Db) {
  return {
    findByLogin(login: string) {
      const key = loginKey(login);
      return db
        .selectFrom('users')
        .select(['id', 'username', 'password_hash'])
        .where((eb) => eb.or([eb('username_lower', '=', key), eb('email_lower', '=', key)]))
        .executeTakeFirst();
    },

    /** Whether the account is private; undefined when there is no such account. */
    async isPrivate(id: string): Promise<boolean | undefined> {
      const row = await db.selectFrom('users').select('is_private').where('id', '=', id).executeTakeFirst();
      return row?.is_private;
    },

    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string) {
      return db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
    },

    async usernamesTaken(candidates: string[]): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('username_lower')
        .where('username_lower', 'in', candidates.map((c) => c.toLowerCase()))
        .execute();
      return new Set(rows.map((r) => r.username_lower));
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },

    insertUser(user: { id: string; username: string; email: string; full_name: string; password_hash: string; opt_into_one_tap: boolean }) {
      return db
        .insertInto('users')
        .values({ ...user, username_lower: user.username.toLowerCase(), email_lower: user.email.toLowerCase() })
        .execute();
    },

    /** Sets the new hash and ends every other session of the user, in one transaction. */
    async changePassword(userId: string, passwordHash: string, keepSessionId: string | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: new Date() }).where('id', '=', userId).execute();
        let del = trx.deleteFrom('sessions').where('user_id', '=', userId);
        if (keepSessionId) del = del.where('id', '!=', keepSessionId);
        await del.execute();
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
