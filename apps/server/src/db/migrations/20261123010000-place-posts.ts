import { type Kysely, sql } from 'kysely';

/** A place's page lists its posts newest first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index media_location_idx on media (location_id, id desc) where location_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index media_location_idx`.execute(db);
}
