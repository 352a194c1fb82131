import { type Kysely, sql } from 'kysely';

/**
 * What posting stories adds to other areas' tables: the uncropped frame of a photo upload the
 * feed's aspect limits cut (a 9:16 photo keeps its whole frame for a story), and activity events
 * about a story (a mention), which go with the story.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table uploads add column frame_key text`.execute(db);
  await sql`alter table events add column story_id bigint references stories(id) on delete cascade`.execute(db);
  await sql`create index events_story_idx on events (story_id) where story_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index events_story_idx`.execute(db);
  await sql`alter table events drop column story_id`.execute(db);
  await sql`alter table uploads drop column frame_key`.execute(db);
}
