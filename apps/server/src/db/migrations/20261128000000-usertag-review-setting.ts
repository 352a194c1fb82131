import { type Kysely, sql } from 'kysely';

/**
 * Whether a person reviews the tags others put on them (the privacy toggle usertagReviewEnabled).
 * On by default: a new tag waits for the tagged person's approval before it shows on their Tagged
 * tab; off, a tag is approved as it is made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column usertag_review_enabled boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column usertag_review_enabled`.execute(db);
}
