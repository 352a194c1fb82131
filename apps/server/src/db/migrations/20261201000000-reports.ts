import { type Kysely, sql } from 'kysely';

/**
 * Reports: every open report of one thing is one row (`reports`), with one entry per person who
 * reported it (`report_entries`): a person's repeated reports of the same thing count once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    // The owner of the thing (for a report of a person, that person): who a moderator acts on.
    .addColumn('target_user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // One open report per thing: a new report of it joins the open one.
  await db.schema.createIndex('reports_open_thing_key').unique().on('reports').columns(['object_type', 'object_id'])
    .where(sql.ref('resolved_at'), 'is', null).execute();
  // The moderators' queues, newest first: open ones, and resolved ones.
  await db.schema.createIndex('reports_open_idx').on('reports').expression(sql`id desc`).where(sql.ref('resolved_at'), 'is', null).execute();
  await db.schema.createIndex('reports_resolved_idx').on('reports').expression(sql`id desc`).where(sql.ref('resolved_at'), 'is not', null).execute();
  // The earlier reports of a thing, and the reports about a person.
  await db.schema.createIndex('reports_thing_idx').on('reports').columns(['object_type', 'object_id', 'id']).execute();
  await db.schema.createIndex('reports_target_user_idx').on('reports').column('target_user_id').execute();

  await db.schema
    .createTable('report_entries')
    .addColumn('report_id', 'bigint', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('reporter_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The reasons chosen, from the top one to the most precise (see features/reports/screens.ts).
    .addColumn('tags', sql`text[]`, (c) => c.notNull())
    .addColumn('victim', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('report_entries_pkey', ['report_id', 'reporter_id'])
    .execute();
  // Deleting an account removes its entries.
  await db.schema.createIndex('report_entries_reporter_idx').on('report_entries').column('reporter_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_entries').execute();
  await db.schema.dropTable('reports').execute();
}
