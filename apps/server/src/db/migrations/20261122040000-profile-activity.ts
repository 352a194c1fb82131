import { type Kysely, sql } from 'kysely';

/** Profile fields of the edit form, activity events with their last-checked time, dismissed suggestions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('gender', 'smallint', (c) => c.notNull().defaultTo(3))
    .addColumn('custom_gender', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('chaining_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('activity_checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`to_timestamp(0)`))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('media_id', 'bigint', (c) => c.references('media.id').onDelete('cascade'))
    .addColumn('comment_id', 'bigint', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A person's activity, newest first; unread counts read the same index from the last check on.
  await db.schema.createIndex('events_user_idx').on('events').columns(['user_id', 'id desc']).execute();

  await db.schema
    .createTable('suggestion_dismissals')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('suggestion_dismissals_pk', ['user_id', 'target_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('suggestion_dismissals').execute();
  await db.schema.dropTable('events').execute();
  for (const c of ['activity_checked_at', 'chaining_enabled', 'phone_number', 'custom_gender', 'gender']) {
    await db.schema.alterTable('users').dropColumn(c).execute();
  }
}
