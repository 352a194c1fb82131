import { type Kysely, sql } from 'kysely';

/**
 * Text search: trigrams (typo-tolerant matching and indexes) and unaccent, and `fold_text`, the one
 * way every searchable name is compared: lower case, accents removed. unaccent() itself is only
 * STABLE, so an index cannot use it; the wrapper names its dictionary and is IMMUTABLE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  const { rows } = await sql<{ ns: string }>`select n.nspname as ns from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db);
  const ns = sql.id(rows[0]!.ns);
  await sql`create or replace function fold_text(text) returns text language sql immutable parallel safe strict
    as $$ select lower(${ns}.unaccent(${sql.lit(`${rows[0]!.ns}.unaccent`)}::regdictionary, $1)) $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists fold_text(text)`.execute(db);
}
