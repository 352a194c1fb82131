import { type Kysely, sql } from 'kysely';

/**
 * The tray and people's reels read each person's live stories: their ready stories whose expiry is
 * still ahead. Keyed by the expiry, the scan of a person stops at their live ones instead of
 * walking their archive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index stories_live_idx on stories (owner_id, expiring_at) where status = 'ready'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index stories_live_idx`.execute(db);
}
