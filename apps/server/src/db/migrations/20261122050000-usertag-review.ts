import { type Kysely, sql } from 'kysely';

/**
 * People tags wait for the tagged person's approval; `sort_id` orders the tagged tab and is renewed
 * on approval, so an approved photo goes to the front.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('usertags')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('sort_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update usertags set sort_id = media_id`.execute(db);
  await sql`drop index usertags_user_idx`.execute(db);
  await sql`create index usertags_user_idx on usertags (user_id, sort_id desc) include (status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index usertags_user_idx`.execute(db);
  await sql`create index usertags_user_idx on usertags (user_id, media_id desc)`.execute(db);
  await db.schema.alterTable('usertags').dropColumn('sort_id').dropColumn('status').execute();
}
