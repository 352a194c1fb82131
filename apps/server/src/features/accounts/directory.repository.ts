import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The reads of `users` the profiles directory makes: public accounts in byte order of their
 * lower-cased username (the `~<~` operators, so that `users_username_prefix_idx`, a
 * text_pattern_ops index, serves both the scan and the ranges, whatever the database's collation).
 */
export function createAccountDirectoryReads(db: Db) {
  return {
    /** Lower-cased usernames of public accounts after `after`, in order. */
    async publicUsernames(after: string | null, limit: number): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`
        select username_lower as name from users
        where is_private = false ${after === null ? sql`` : sql`and username_lower ~>~ ${after}`}
        order by username_lower using ~<~ limit ${limit}`.execute(db);
      return rows.map((r) => r.name);
    },

    /** Ids of public accounts whose lower-cased username is in [from, before), in order. */
    async publicIdsBetween(from: string | null, before: string | null, limit: number): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`
        select id from users
        where is_private = false
          ${from === null ? sql`` : sql`and username_lower ~>=~ ${from}`}
          ${before === null ? sql`` : sql`and username_lower ~<~ ${before}`}
        order by username_lower using ~<~ limit ${limit}`.execute(db);
      return rows.map((r) => r.id);
    },
  };
}
export type AccountDirectoryReads = ReturnType<typeof createAccountDirectoryReads>;

/** Of these accounts, the public ones that may be suggested (chaining on), most followed first. */
export function createSuggestableReads(db: Db) {
  return {
    async mostFollowedPublic(ids: string[], limit: number): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('users').select('id')
        .where('id', 'in', ids).where('is_private', '=', false).where('chaining_enabled', '=', true)
        .orderBy('follower_count', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => r.id);
    },
  };
}
