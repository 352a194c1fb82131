import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PlaceKind } from '../../db/schema.js';

export interface Position {
  lat: number;
  lng: number;
}

/** A place as lists and pages show it, with the names of its city and country. */
export interface PlaceRow {
  id: string;
  kind: PlaceKind;
  name: string;
  slug: string;
  country_code: string | null;
  city_id: string | null;
  city_name: string | null;
  city_slug: string | null;
  lat: number | null;
  lng: number | null;
  population: string;
  source: 'gazetteer' | 'user';
  external_id: string | null;
  media_count: number;
}

const ROW = [
  'l.id', 'l.kind', 'l.name', 'l.slug', 'l.country_code', 'l.city_id', 'city.name as city_name', 'city.slug as city_slug',
  'l.lat', 'l.lng', 'l.population', 'l.source', 'l.external_id', 'l.media_count',
] as const;

/** Squared distance on a plane scaled at the position's latitude: enough to order by nearness. */
const distance = (near: Position) =>
  sql<number>`((l.lat - ${near.lat}) * (l.lat - ${near.lat}) + ((l.lng - ${near.lng}) * ${Math.cos((near.lat * Math.PI) / 180)}) * ((l.lng - ${near.lng}) * ${Math.cos((near.lat * Math.PI) / 180)}))`;

/** How much a place is used: its posts weigh most, then how many people live there. */
const popularity = sql<number>`(ln(1 + l.population) + 5 * ln(1 + l.media_count))`;

/** `\`, `%` and `_` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every SQL statement on `locations`: the gazetteer's rows, places people name, search and the directory. */
export function createPlacesRepository(db: Db) {
  const rows = () => db.selectFrom('locations as l').leftJoin('locations as city', 'city.id', 'l.city_id').select(ROW);

  return {
    /** Name and path of each place, for posts that show where they were taken. */
    async names(ids: readonly string[]): Promise<Map<string, { id: string; name: string; slug: string }>> {
      if (ids.length === 0) return new Map();
      const found = await db.selectFrom('locations').select(['id', 'name', 'slug']).where('id', 'in', [...new Set(ids)]).execute();
      return new Map(found.map((r) => [r.id, r]));
    },

    find(id: string): Promise<PlaceRow | undefined> {
      return rows().where('l.id', '=', id).executeTakeFirst();
    },

    findMany(ids: readonly string[]): Promise<PlaceRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return rows().where('l.id', 'in', [...new Set(ids)]).execute();
    },

    country(code: string) {
      return db.selectFrom('locations').select(['id', 'name', 'slug', 'country_code', 'population']).where('kind', '=', 'country').where('country_code', '=', code).executeTakeFirst();
    },

    /** A place posts can name: a city or a place (a country is too wide). */
    async taggable(id: string): Promise<boolean> {
      const row = await db.selectFrom('locations').select('id').where('id', '=', id).where('kind', '<>', 'country').executeTakeFirst();
      return row !== undefined;
    },

    /** The place people call `name` (any case), made on first use; its id either way. */
    async userPlace(id: string, name: string, createdBy: string, slug: string): Promise<string> {
      const lower = name.toLowerCase();
      await db.insertInto('locations').values({ id, name, slug, name_lower: lower, kind: 'place', source: 'user', created_by: createdBy })
        .onConflict((oc) => oc.column('name_lower').where('source', '=', 'user').doNothing())
        .execute();
      const row = await db.selectFrom('locations').select('id').where('name_lower', '=', lower).where('source', '=', 'user').executeTakeFirstOrThrow();
      return row.id;
    },

    /** A place inside a city (the demo world's cafés and parks). */
    async placeInCity(id: string, name: string, slug: string, city: { id: string; country_code: string | null }, at: Position | null, createdBy: string | null): Promise<string> {
      const lower = name.toLowerCase();
      await db.insertInto('locations').values({
        id, name, slug, name_lower: lower, kind: 'place', source: 'user', created_by: createdBy,
        city_id: city.id, country_code: city.country_code, lat: at?.lat ?? null, lng: at?.lng ?? null,
      }).onConflict((oc) => oc.column('name_lower').where('source', '=', 'user').doNothing()).execute();
      const row = await db.selectFrom('locations').select('id').where('name_lower', '=', lower).where('source', '=', 'user').executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Cities and places whose folded name starts with the query's, or is like it (trigrams), best
     * first: prefix matches, then nearest to `near`, or else the most used.
     */
    async search(query: string, near: Position | null, limit: number): Promise<PlaceRow[]> {
      const prefix = sql<SqlBool>`l.name_folded like fold_text(${likeLiteral(query)}) || '%'`;
      const similar = sql<SqlBool>`l.name_folded % fold_text(${query})`;
      let q = rows()
        .where('l.kind', '<>', 'country')
        .where((eb) => eb.or([prefix as Expression<SqlBool>, similar as Expression<SqlBool>]))
        .orderBy(sql`${prefix} desc`);
      q = near
        ? q.orderBy(sql`case when l.lat is null then 1 else 0 end`).orderBy(distance(near))
        : q.orderBy(popularity, 'desc').orderBy(sql`similarity(l.name_folded, fold_text(${query}))`, 'desc');
      return q.orderBy('l.id').limit(limit).execute();
    },

    /** The places nearest a position, looking wider until enough are found. */
    async nearby(near: Position, limit: number): Promise<PlaceRow[]> {
      for (const degrees of [1, 10, 180]) {
        const found = await rows()
          .where('l.kind', '<>', 'country')
          .where('l.lat', 'is not', null)
          .where('l.lat', '>=', near.lat - degrees).where('l.lat', '<=', near.lat + degrees)
          .where('l.lng', '>=', near.lng - degrees * 2).where('l.lng', '<=', near.lng + degrees * 2)
          .orderBy(distance(near)).orderBy('l.id')
          .limit(limit)
          .execute();
        if (found.length >= limit || degrees === 180) return found;
      }
      return [];
    },

    /** The places with the most posts. */
    popular(limit: number): Promise<PlaceRow[]> {
      return rows().where('l.kind', '<>', 'country').orderBy('l.media_count', 'desc').orderBy('l.id').limit(limit).execute();
    },

    /** Countries people have posted in, by name, after a (folded name, id) key. */
    countries(after: [string, string] | null, first: number) {
      let q = db.selectFrom('locations').select(['id', 'name', 'slug', 'country_code', 'name_folded']).where('kind', '=', 'country').where('area_media_count', '>', 0);
      if (after) q = q.where((eb) => eb(eb.refTuple('name_folded', 'id'), '>', eb.tuple(after[0], after[1])));
      return q.orderBy('name_folded').orderBy('id').limit(first + 1).execute();
    },

    /** A country's cities people have posted in, most populous first, after a (population, id) key. */
    cities(code: string, after: [string, string] | null, first: number) {
      let q = db.selectFrom('locations').select(['id', 'name', 'slug', 'population', 'media_count']).where('kind', '=', 'city').where('country_code', '=', code).where('area_media_count', '>', 0);
      if (after) {
        q = q.where((eb) => eb.or([eb('population', '<', after[0]), eb.and([eb('population', '=', after[0]), eb('id', '>', after[1])])]));
      }
      return q.orderBy('population', 'desc').orderBy('id').limit(first + 1).execute();
    },

    /** A city's places people have posted at, by name, after a (folded name, id) key. */
    places(cityId: string, after: [string, string] | null, first: number) {
      let q = db.selectFrom('locations').select(['id', 'name', 'slug', 'media_count', 'name_folded']).where('kind', '=', 'place').where('city_id', '=', cityId).where('media_count', '>', 0);
      if (after) q = q.where((eb) => eb(eb.refTuple('name_folded', 'id'), '>', eb.tuple(after[0], after[1])));
      return q.orderBy('name_folded').orderBy('id').limit(first + 1).execute();
    },
  };
}
export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
