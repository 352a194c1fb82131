import { type Kysely, sql } from 'kysely';

/**
 * A video upload's size in frame pixels (width × height × frames), what its encoding costs:
 * summed over an account's videos waiting for encoding, it is held to that account's budget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table uploads add column frame_pixels double precision`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table uploads drop column frame_pixels`.execute(db);
}
