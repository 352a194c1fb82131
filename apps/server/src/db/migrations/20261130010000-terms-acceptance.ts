import { type Kysely, sql } from 'kysely';

/**
 * Which terms each account agreed to, and when; or that it said "Not now" to new ones (blocked
 * until it agrees). One row per account, kept apart from `users` by the terms area that owns it.
 * `consents` holds the choices ticked where the operator requires consent. `tos_version` is null
 * for an account that never agreed (made through a provider where consent is required).
 *
 * Every account that exists now is given the first recorded version (the default of TOS_VERSION),
 * so that nobody is stopped by this upgrade; the terms only come up when the operator moves on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('terms_acceptances')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tos_version', 'text')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('consents', 'jsonb')
    .addColumn('declined_at', 'timestamptz')
    .execute();
  // The version is written here as it was then: later defaults must not rewrite history.
  await sql`insert into terms_acceptances (user_id, tos_version, accepted_at) select id, '2026-11', now() from users`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('terms_acceptances').execute();
}
