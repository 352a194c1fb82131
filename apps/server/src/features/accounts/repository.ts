import type { Db } from '../../db/database.js';
import { tableAs } from '../../db/table-ref.js';

/** This area's tables, lent to other areas' queries under an alias of their choosing. */
export const usersAs = tableAs('users');

/** The columns of a user summary (what presentUserSummary needs) of the user under `alias`. */
export const userSummaryColumns = <A extends string>(alias: A) =>
  [`${alias}.id`, `${alias}.username`, `${alias}.full_name`, `${alias}.profile_pic_key`, `${alias}.is_private`, `${alias}.is_verified`] as const;

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
