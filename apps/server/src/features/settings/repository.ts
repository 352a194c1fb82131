import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AccountSettingsTable } from '../../db/schema.js';

export type SettingsRow = Selectable<AccountSettingsTable>;

/** What one save changes: columns, and preference names merged into the stored ones. */
export interface SettingsPatch {
  presence_disabled?: boolean;
  usertags_from?: SettingsRow['usertags_from'];
  mentions_from?: SettingsRow['mentions_from'];
  story_sharing?: boolean;
  comment_filter_on?: boolean;
  comment_keywords?: string[];
  email_prefs?: Record<string, number>;
  push_prefs?: Record<string, string>;
}

/** Every SQL statement of account_settings. */
export function createSettingsRepository(db: Db) {
  return {
    one(userId: string): Promise<SettingsRow | undefined> {
      return db.selectFrom('account_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The rows of these people who have one (the others have every default). */
    async many(userIds: readonly string[]): Promise<Map<string, SettingsRow>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('account_settings').selectAll().where('user_id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.user_id, r]));
    },

    /**
     * One statement: the row is made with the defaults when there is none, then only what the
     * patch names changes; preferences merge key by key, so two saves of different names both stand.
     */
    async save(userId: string, patch: SettingsPatch): Promise<SettingsRow> {
      const { email_prefs, push_prefs, comment_keywords, ...columns } = patch;
      const keywords = comment_keywords === undefined ? undefined : sql<string[]>`${sql.val(comment_keywords)}::text[]`;
      return db.insertInto('account_settings')
        .values({
          user_id: userId, ...columns,
          ...(keywords ? { comment_keywords: keywords } : {}),
          email_prefs: JSON.stringify(email_prefs ?? {}), push_prefs: JSON.stringify(push_prefs ?? {}),
        })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({
          ...columns,
          ...(keywords ? { comment_keywords: keywords } : {}),
          ...(email_prefs ? { email_prefs: sql`account_settings.email_prefs || excluded.email_prefs` } : {}),
          ...(push_prefs ? { push_prefs: sql`account_settings.push_prefs || excluded.push_prefs` } : {}),
          updated_at: sql`now()`,
        }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
