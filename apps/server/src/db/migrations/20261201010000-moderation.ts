import { type Kysely, sql } from 'kysely';

/**
 * Moderation: who holds a role, how each account stands (limited, suspended), what was taken down,
 * the strikes owners see and appeal, and the audit log of every moderator's action. A post marked
 * sensitive keeps the mark on the post itself (`media.sensitive_at`), where its summary reads it.
 * Nothing here is deleted when a decision is undone: the strike is marked reversed and the log keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('moderator', 'admin')`))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('account_standing')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('limited_at', 'timestamptz')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('purge_after', 'timestamptz')
    .execute();
  // The access rules ask "is this one suspended / limited" per row; both sets stay small.
  await sql`create index account_standing_suspended_idx on account_standing (user_id) where suspended_at is not null`.execute(db);
  await sql`create index account_standing_limited_idx on account_standing (user_id) where limited_at is not null`.execute(db);
  await sql`create index account_standing_purge_idx on account_standing (purge_after) where purge_after is not null`.execute(db);

  await db.schema
    .createTable('strikes')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    .addColumn('report_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('appeal_text', 'text')
    .addColumn('appealed_at', 'timestamptz')
    .addColumn('appeal_state', 'text', (c) => c.check(sql`appeal_state in ('pending', 'accepted', 'rejected')`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reversed_at', 'timestamptz')
    .execute();
  await sql`create index strikes_user_idx on strikes (user_id, id desc)`.execute(db);
  await sql`create index strikes_pending_appeals_idx on strikes (id desc) where appeal_state = 'pending'`.execute(db);
  await sql`create index strikes_appeals_idx on strikes (id desc) where appeal_state is not null`.execute(db);

  await db.schema
    .createTable('moderation_removals')
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('strike_id', 'bigint', (c) => c.references('strikes.id').onDelete('set null'))
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('moderation_removals_pk', ['object_type', 'object_id'])
    .execute();

  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('moderator_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('report_id', 'bigint')
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index moderation_actions_report_idx on moderation_actions (report_id, id desc) where report_id is not null`.execute(db);
  await sql`create index moderation_actions_object_idx on moderation_actions (object_type, object_id, id desc) where object_id is not null`.execute(db);

  await db.schema.alterTable('media').addColumn('sensitive_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('sensitive_at').execute();
  for (const table of ['moderation_actions', 'moderation_removals', 'strikes', 'account_standing', 'user_roles']) {
    await db.schema.dropTable(table).execute();
  }
}
