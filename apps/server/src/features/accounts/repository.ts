import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { tableAs } from '../../db/table-ref.js';
import { createSessionRepository } from '../../platform/session.repository.js';

/** This area's tables, lent to other areas' queries under an alias of their choosing. */
export const usersAs = tableAs('users');

/** The columns of a user summary (what presentUserSummary needs) of the user under `alias`. */
export const userSummaryColumns = <A extends string>(alias: A) =>
  [`${alias}.id`, `${alias}.username`, `${alias}.full_name`, `${alias}.profile_pic_key`, `${alias}.is_private`, `${alias}.is_verified`] as const;

/** A username or email as login compares it with the stored lower-case ones. */
export const loginKey = (login: string) => login.trim().toLowerCase();
/** An account made by phone has no email: null keeps it out of the unique index. */
const emailKey = (email: string) => (email === '' ? null : email.toLowerCase());

interface NewUser {
  id: string;
  username: string;
  email: string;
  full_name: string;
  password_hash: string;
  opt_into_one_tap: boolean;
  birthday?: string | null;
  parental_consent_pending?: boolean;
  /** A phone signup's number, proven by its code. */
  phone_number?: string | null;
  phone_confirmed_at?: Date | null;
  /** An account made through a provider that verified its email starts confirmed. */
  email_confirmed_at?: Date | null;
}

/** What the edit-profile form writes. */
interface ProfileFields {
  full_name: string;
  username: string;
  email: string;
  biography: string;
  external_url: string | null;
  phone_number: string | null;
  gender: number;
  custom_gender: string | null;
  chaining_enabled: boolean;
  /** A new email or phone number is not confirmed until its link or code comes back. */
  email_confirmed_at?: null;
  phone_confirmed_at?: null;
}

/**
 * Every SQL statement of `users` and `password_resets`: other areas call these, or join `users`
 * under an alias of their own (`usersAs`). Made on a transaction, the statements run in it.
 */
export function createAccountsRepository(db: Db) {
  return {
    ...statements(db),
    /** Runs `work` in one transaction, with the statements made on it. */
    transaction: <T>(work: (trx: AccountStatements) => Promise<T>) => db.transaction().execute((trx) => work(statements(trx))),
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

function statements(db: Db) {
  return {
    findByLogin(login: string) {
      const key = loginKey(login);
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'parental_consent_pending'])
        .where((eb) => eb.or([eb('username_lower', '=', key), eb('email_lower', '=', key)]))
        .executeTakeFirst();
    },

    /** The account that confirmed this phone number (E.164), if one did. */
    findByConfirmedPhone(phoneNumber: string) {
      return db.selectFrom('users').select(['id', 'username', 'email', 'phone_number'])
        .where('phone_number', '=', phoneNumber).where('phone_confirmed_at', 'is not', null)
        .executeTakeFirst();
    },

    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string) {
      return db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
    },

    /** Whether the account is private; undefined when there is no such account. */
    async isPrivate(id: string): Promise<boolean | undefined> {
      const row = await db.selectFrom('users').select('is_private').where('id', '=', id).executeTakeFirst();
      return row?.is_private;
    },

    /** What the graph needs of an account: its privacy and when it last changed. */
    privacy(id: string) {
      return db.selectFrom('users').select(['id', 'username', 'is_private', 'privacy_changed_at']).where('id', '=', id).executeTakeFirst();
    },

    /** What a session shows of its user. */
    sessionUser(id: string) {
      return db.selectFrom('users').select(['id', 'username', 'full_name', 'profile_pic_key']).where('id', '=', id).executeTakeFirst();
    },

    /** The summaries of these accounts, in no order. */
    summaries(ids: readonly string[]) {
      return db.selectFrom('users').select(userSummaryColumns('users')).where('id', 'in', ids).execute();
    },

    /** The lower-cased usernames among these that an account (other than `exceptId`) has. */
    async usernamesTaken(candidates: string[], exceptId?: string): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      let q = db.selectFrom('users').select('username_lower').where('username_lower', 'in', candidates.map((c) => c.toLowerCase()));
      if (exceptId) q = q.where('id', '!=', exceptId);
      return new Set((await q.execute()).map((r) => r.username_lower));
    },

    /** Whether an account (other than `exceptId`) has this email. */
    async emailTaken(email: string, exceptId?: string): Promise<boolean> {
      let q = db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase());
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** A parent approved: the account opens. */
    async endParentalWait(userId: string): Promise<void> {
      await db.updateTable('users').set({ parental_consent_pending: false }).where('id', '=', userId).execute();
    },

    async insertUser(user: NewUser): Promise<void> {
      await db.insertInto('users').values({ ...user, username_lower: user.username.toLowerCase(), email_lower: emailKey(user.email) }).execute();
    },

    /**
     * Sets the new hash and ends every session of the user but `keepSessionId`, in one transaction
     * (the caller's, when this repository was made on one).
     */
    async changePassword(userId: string, passwordHash: string, keepSessionId: string | null): Promise<void> {
      const write = async (trx: Db) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: new Date() }).where('id', '=', userId).execute();
        await createSessionRepository(trx).endAllOf(userId, keepSessionId);
      };
      await (db.isTransaction ? write(db) : db.transaction().execute(write));
    },

    async setGender(userId: string, gender: number, customGender: string | null): Promise<void> {
      await db.updateTable('users').set({ gender, custom_gender: customGender }).where('id', '=', userId).execute();
    },

    async updateProfile(userId: string, fields: ProfileFields): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...fields, username_lower: fields.username.toLowerCase(), email_lower: emailKey(fields.email) })
        .where('id', '=', userId)
        .execute();
    },

    /** Marks the email confirmed, if the account still has the address the link was sent to. */
    async confirmEmail(userId: string, emailLower: string): Promise<boolean> {
      const result = await db.updateTable('users').set({ email_confirmed_at: new Date() })
        .where('id', '=', userId).where('email_lower', '=', emailLower).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Makes the number the account's, confirmed. Whoever confirmed it before loses the mark: the
     * code just proved that the number is in this person's hands now.
     */
    async confirmPhone(userId: string, phoneNumber: string): Promise<void> {
      await db.updateTable('users').set({ phone_confirmed_at: null })
        .where('phone_number', '=', phoneNumber).where('id', '!=', userId).where('phone_confirmed_at', 'is not', null).execute();
      await db.updateTable('users').set({ phone_number: phoneNumber, phone_confirmed_at: new Date() }).where('id', '=', userId).execute();
    },

    /** Sets the profile picture (null: none) and answers the one it replaced. */
    async replaceProfilePic(userId: string, key: string | null): Promise<string | null> {
      const old = await db.selectFrom('users').select('profile_pic_key').where('id', '=', userId).executeTakeFirstOrThrow();
      await db.updateTable('users').set({ profile_pic_key: key }).where('id', '=', userId).execute();
      return old.profile_pic_key;
    },

    /** The person saved their login info in a browser (one-tap login). */
    async optIntoOneTap(userId: string): Promise<void> {
      await db.updateTable('users').set({ opt_into_one_tap: true }).where('id', '=', userId).execute();
    },

    async setPrivate(userId: string, isPrivate: boolean): Promise<void> {
      await db.updateTable('users').set({ is_private: isPrivate, privacy_changed_at: new Date() }).where('id', '=', userId).execute();
    },

    /** Whether new tags of the person wait for their approval. */
    async reviewsTags(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('usertag_review_enabled').where('id', '=', userId).executeTakeFirst();
      return row?.usertag_review_enabled ?? true;
    },

    async setReviewsTags(userId: string, enabled: boolean): Promise<void> {
      await db.updateTable('users').set({ usertag_review_enabled: enabled }).where('id', '=', userId).execute();
    },

    /** Whether the account lets itself be suggested beside similar ones (false when there is no such account). */
    async chainingEnabled(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('chaining_enabled').where('id', '=', userId).executeTakeFirst();
      return row?.chaining_enabled ?? false;
    },

    /** How many follow the account, or how many it follows (0 when there is no such account). */
    async followCount(userId: string, side: 'followers' | 'following'): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(side === 'followers' ? 'follower_count as n' : 'following_count as n')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.n ?? 0;
    },

    /** Moves the reader's activity checked mark forward only: an older timestamp leaves it where it is. */
    async markActivityChecked(userId: string, timestamp: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ activity_checked_at: sql`greatest(activity_checked_at, to_timestamp(${timestamp}))` })
        .where('id', '=', userId)
        .execute();
    },

    async addPasswordReset(reset: { token_hash: string; user_id: string; expires_at: Date }): Promise<void> {
      await db.insertInto('password_resets').values(reset).execute();
    },

    /**
     * The unused, unexpired reset of this token for this account, with the account; locked until
     * the transaction ends, so that a link is used once.
     */
    openPasswordReset(tokenHash: string, userId: string) {
      return db
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select(['users.id', 'users.username', 'users.email'])
        .where('password_resets.token_hash', '=', tokenHash)
        .where('password_resets.user_id', '=', userId)
        .where('password_resets.used_at', 'is', null)
        .where('password_resets.expires_at', '>', new Date())
        .forUpdate()
        .executeTakeFirst();
    },

    /** Marks every unused reset of the account used. */
    async closePasswordResets(userId: string): Promise<void> {
      await db.updateTable('password_resets').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },
  };
}
type AccountStatements = ReturnType<typeof statements>;

/**
 * Locks the account's row until `trx` ends: writes of another area that count what an account
 * holds against a limit (its close friends, its highlights) take turns on it, so two cannot pass
 * the limit together.
 */
export async function lockAccount(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Of these ids, those of accounts that exist (another area checks the people it names). */
export async function existingUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
