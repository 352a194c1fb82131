import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What was loaded of a gazetteer source: its version and scope. */
export function gazetteerImport(db: Db, source: string) {
  return db.selectFrom('gazetteer_imports').select(['version', 'scope']).where('source', '=', source).executeTakeFirst();
}

export async function recordGazetteerImport(db: Db, row: { source: string; version: string; scope: string; rows: number }): Promise<void> {
  await db.insertInto('gazetteer_imports')
    .values(row)
    .onConflict((oc) => oc.column('source').doUpdateSet({ version: row.version, scope: row.scope, rows: row.rows }))
    .execute();
}

export interface GazetteerRow {
  id: string; name: string; slug: string; kind: 'country' | 'city'; country_code: string;
  lat: number | null; lng: number | null; population: number; external_id: string;
}

/** Inserts these rows of `locations`, leaving alone those that exist. */
export async function insertGazetteerRows(db: Db, rows: GazetteerRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof GazetteerRow>(k: K) => rows.map((r) => r[k]);
  await sql`insert into locations (id, name, slug, name_lower, kind, country_code, lat, lng, population, source, external_id)
    select id, name, slug, lower(name), kind, country_code, lat, lng, population, 'gazetteer', external_id
    from unnest(${col('id')}::bigint[], ${col('name')}::text[], ${col('slug')}::text[], ${col('kind')}::text[], ${col('country_code')}::text[],
      ${col('lat')}::float8[], ${col('lng')}::float8[], ${col('population')}::bigint[], ${col('external_id')}::text[])
      as t(id, name, slug, kind, country_code, lat, lng, population, external_id)
    on conflict do nothing`.execute(db);
}
