import { type Kysely, sql } from 'kysely';

/**
 * Every index people search reads, created (and dropped) together: the bench rebuilds them after a
 * bulk load. A name is found by its first word (the folded name's prefix) or its last word, each
 * read in index order and cut at a branch's limit, so a common name costs what a rare one does.
 */
export const USER_SEARCH_INDEXES = [
  ['users_full_name_prefix_idx', sql`create index users_full_name_prefix_idx on users (fold_text(full_name) text_pattern_ops)`],
  ['users_last_name_prefix_idx', sql`create index users_last_name_prefix_idx on users ((substring(fold_text(full_name) from '([^[:space:]]+)[[:space:]]*$')) text_pattern_ops)`],
] as const;

/**
 * Search: the indexes over the folded name, the words of names (a small table a misspelt word is
 * matched against by trigrams, kept by a trigger on users), the viewer's recent searches and the
 * null-state sections they hid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [, create] of USER_SEARCH_INDEXES) await create.execute(db);
  await sql`create table search_terms (term text primary key)`.execute(db);
  await sql`create index search_terms_trgm_idx on search_terms using gin (term gin_trgm_ops)`.execute(db);
  await sql`create function search_terms_from_user() returns trigger language plpgsql as $$
    begin
      insert into search_terms (term)
        select distinct w from regexp_split_to_table(fold_text(new.full_name), '[[:space:]]+') w where length(w) >= 3
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_search_terms after insert or update of full_name on users
    for each row execute function search_terms_from_user()`.execute(db);
  await sql`insert into search_terms (term)
    select distinct w from users, regexp_split_to_table(fold_text(full_name), '[[:space:]]+') w where length(w) >= 3
    on conflict do nothing`.execute(db);
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
  await sql`drop trigger users_search_terms on users`.execute(db);
  await sql`drop function search_terms_from_user()`.execute(db);
  await sql`drop table search_terms`.execute(db);
  for (const [name] of USER_SEARCH_INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
}
