import { type Kysely, sql } from 'kysely';

/**
 * Direct messages' photos between upload and send, and when each account was last seen on the
 * real-time channel. A photo is uploaded into a thread, then sent with a mutation token: the row
 * keeps the claim of the send that uses it (`claim_token`) and, once sent, its item, so a retried
 * send answers the same item and a second send of the same upload is refused. Rows that were
 * never sent are removed with their files after an hour; sent ones lose only the row (the files
 * are the item's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table direct_uploads (
    upload_id bigint primary key,
    user_id bigint not null references users(id) on delete cascade,
    thread_id bigint not null references direct_threads(id) on delete cascade,
    photo jsonb not null,
    claim_token text,
    claimed_at timestamptz,
    item_id bigint,
    created_at timestamptz not null default now()
  )`.execute(db);
  // The purge's scan, oldest first; and the count of one account's unsent photos.
  await sql`create index direct_uploads_created_idx on direct_uploads (created_at)`.execute(db);
  await sql`create index direct_uploads_unsent_idx on direct_uploads (user_id) where item_id is null`.execute(db);
  await sql`create table direct_presence (
    user_id bigint primary key references users(id) on delete cascade,
    active_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table direct_presence`.execute(db);
  await sql`drop table direct_uploads`.execute(db);
}
