import type { Kysely } from 'kysely';

/** Follow requests to private accounts, blocks, and when an account last switched its privacy. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follow_requests')
    .addColumn('requester_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follow_requests_pk', ['requester_id', 'target_id'])
    .execute();
  // An owner's pending requests, newest first.
  await db.schema.createIndex('follow_requests_target_idx').on('follow_requests').columns(['target_id', 'id desc']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute();
  // Follow lists page by the follow's id, per side.
  await db.schema.createIndex('follows_follower_idx').on('follows').columns(['follower_id', 'id desc']).execute();

  await db.schema.alterTable('users').addColumn('privacy_changed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('privacy_changed_at').execute();
  await db.schema.dropIndex('follows_follower_idx').execute();
  await db.schema.dropTable('blocks').execute();
  await db.schema.dropTable('follow_requests').execute();
}
