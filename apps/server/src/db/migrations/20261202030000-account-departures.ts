import { type Kysely, sql } from 'kysely';

/**
 * People leaving: an account deactivated (hidden until its next login) or being deleted (hidden,
 * and purged once `purge_after` passes unless its person logs in first); and the archives of
 * "Download your data", each fetched once through a mailed link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_departures')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('deactivated', 'deleting')`))
    .addColumn('since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('purge_after', 'timestamptz')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The purge looks for the deletions whose time has come.
  await sql`create index account_departures_purge_idx on account_departures (purge_after) where state = 'deleting'`.execute(db);

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('preparing', 'ready', 'downloaded', 'failed')`))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('file_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await sql`create index data_exports_user_idx on data_exports (user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropTable('account_departures').execute();
}
