import { type Kysely, sql } from 'kysely';

/**
 * Unpublished uploads are counted per account (a quota), found by age (expired after a day) and
 * videos being encoded are counted per account (each account's turn in the encoding queue).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index uploads_unpublished_owner_idx on uploads (owner_id, kind) where media_id is null`.execute(db);
  await sql`create index uploads_unpublished_age_idx on uploads (created_at) where media_id is null`.execute(db);
  await sql`create index uploads_encoding_owner_idx on uploads (owner_id) where status = 'processing'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index uploads_encoding_owner_idx`.execute(db);
  await sql`drop index uploads_unpublished_age_idx`.execute(db);
  await sql`drop index uploads_unpublished_owner_idx`.execute(db);
}
