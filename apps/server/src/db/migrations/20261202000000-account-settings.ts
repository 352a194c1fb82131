import { type Kysely, sql } from 'kysely';

/**
 * A person's privacy, interaction and notification settings, one row once they change anything
 * (no row reads as the defaults); and who each outbox mail was for, so that a person can see the
 * mails sent to them, security ones apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('presence_disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('usertags_from', 'text', (c) => c.notNull().defaultTo('everyone').check(sql`usertags_from in ('everyone', 'following', 'none')`))
    .addColumn('mentions_from', 'text', (c) => c.notNull().defaultTo('everyone').check(sql`mentions_from in ('everyone', 'following', 'none')`))
    .addColumn('story_sharing', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('comment_filter_on', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('comment_keywords', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('email_prefs', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('push_prefs', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('outbox')
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.check(sql`kind in ('security', 'other')`))
    .execute();
  await sql`create index outbox_user_idx on outbox (user_id, id desc) where user_id is not null`.execute(db);
  // Mails written before the column existed are found by their address.
  await sql`create index outbox_recipient_idx on outbox (lower(recipient), id desc) where user_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists outbox_recipient_idx`.execute(db);
  await sql`drop index if exists outbox_user_idx`.execute(db);
  await db.schema.alterTable('outbox').dropColumn('kind').dropColumn('user_id').execute();
  await db.schema.dropTable('account_settings').execute();
}
