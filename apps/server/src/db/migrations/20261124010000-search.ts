import { type Kysely, sql } from 'kysely';

/**
 * Search: trigram indexes over the folded username and name (prefix, infix and typo-tolerant
 * matches all use them), the viewer's recent searches and the null-state sections they hid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_username_trgm_idx on users using gin (fold_text(username) gin_trgm_ops)`.execute(db);
  await sql`create index users_full_name_trgm_idx on users using gin (fold_text(full_name) gin_trgm_ops)`.execute(db);
  await sql`create table recent_searches (
    user_id bigint not null references users (id) on delete cascade,
    kind text not null check (kind in ('user', 'hashtag', 'place')),
    entity_id text not null,
    searched_at timestamptz not null default now(),
    primary key (user_id, kind, entity_id)
  )`.execute(db);
  await sql`create index recent_searches_user_idx on recent_searches (user_id, searched_at desc)`.execute(db);
  await sql`create table hidden_search_sections (
    user_id bigint not null references users (id) on delete cascade,
    section text not null,
    hidden_at timestamptz not null default now(),
    primary key (user_id, section)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hidden_search_sections`.execute(db);
  await sql`drop table recent_searches`.execute(db);
  await sql`drop index users_full_name_trgm_idx`.execute(db);
  await sql`drop index users_username_trgm_idx`.execute(db);
}
