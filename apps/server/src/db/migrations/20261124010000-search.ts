import { type Kysely, sql } from 'kysely';

/** Every index people search reads, created (and dropped) together: the bench rebuilds them after a bulk load. */
export const USER_SEARCH_INDEXES = [
  // Misspelt names: the nearest by trigram distance, read in order from GiST (a k-nearest scan stops
  // after the first few, where a GIN match would collect every account sharing a trigram).
  ['users_username_trgm_idx', sql`create index users_username_trgm_idx on users using gist (fold_text(username) gist_trgm_ops)`],
  ['users_full_name_trgm_idx', sql`create index users_full_name_trgm_idx on users using gist (fold_text(full_name) gist_trgm_ops)`],
  // Names equal to or starting with the query, read in order and cut at the branch's limit.
  ['users_full_name_prefix_idx', sql`create index users_full_name_prefix_idx on users (fold_text(full_name) text_pattern_ops)`],
] as const;

/**
 * Search: the indexes over the folded username and name (exact, prefix and typo-tolerant matches),
 * the viewer's recent searches and the null-state sections they hid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [, create] of USER_SEARCH_INDEXES) await create.execute(db);
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
  for (const [name] of USER_SEARCH_INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
}
