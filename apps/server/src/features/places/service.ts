import { decodeCursor, encodeCursor } from '../../platform/cursors.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import { cityKey, countryName, slugOf } from './names.js';
import type { Db } from '../../db/database.js';
import { createPlacesRepository, type PlaceRow, type PlacesRepository, type Position } from './repository.js';
import { regionOf } from './regions.js';

/** A place found by name, as the blended search lists it. */
export interface PlaceHit {
  id: string;
  name: string;
  slug: string;
  city: string | null;
  /** The city's state or region, where it tells places of one name apart. */
  region: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  media_count: number;
}

/** Where a post was taken: a place that exists (by id), or one named by its author. */
export type PlaceChoice = { id: string } | { name: string };

/** Rows of one directory page, the directory's own lists (countries, cities, places). */
export const DIRECTORY_PAGE_SIZE = 100;

export interface DirectoryPage<T> {
  items: T[];
  /** The opaque key of the next page (`?page=`), or null on the last. */
  next_page: string | null;
}

function paged<T>(rows: T[], first: number, keyOf: (row: T) => [string, string]): DirectoryPage<T> {
  const items = rows.slice(0, first);
  const last = items[items.length - 1];
  return { items, next_page: rows.length > first && last ? encodeCursor(keyOf(last)) : null };
}

function pageKey(page: string | null | undefined): [string, string] | null {
  if (!page) return null;
  const [a, b] = decodeCursor(page, 2);
  return [String(a), String(b)];
}

export const countryOf = (row: Pick<PlaceRow, 'country_code'>) => (row.country_code ? countryName(row.country_code) : null);

/** The state or region of a gazetteer city, or of the city a place is in. */
export function regionOfRow(row: Pick<PlaceRow, 'kind' | 'source' | 'external_id' | 'name' | 'city_id' | 'city_name' | 'country_code'>): string | null {
  if (row.kind === 'city' && row.source === 'gazetteer') return regionOf(row.external_id, row.name, row.country_code);
  if (row.kind === 'place') return regionOf(row.city_id, row.city_name, row.country_code);
  return null;
}

/** Where a place is, for a line under its name: its city (for a place in one), region and country. */
export function whereOf(row: PlaceRow): string {
  return [row.kind === 'place' ? row.city_name : null, regionOfRow(row), countryOf(row)].filter(Boolean).join(', ');
}

const toHit = (r: PlaceRow): PlaceHit => ({
  id: r.id, name: r.name, slug: r.slug, city: r.city_name, region: regionOfRow(r), country: countryOf(r), lat: r.lat, lng: r.lng, media_count: r.media_count,
});

/** What a place's row says about it, for pages and search. */
export function presentPlace(row: PlaceRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    lat: row.lat,
    lng: row.lng,
    city: row.kind === 'place' && row.city_id ? { id: cityKey(row.city_id), name: row.city_name!, slug: row.city_slug! } : null,
    country: row.country_code ? { id: row.country_code, name: countryName(row.country_code), slug: slugOf(countryName(row.country_code), row.country_code.toLowerCase()) } : null,
    media_count: row.media_count,
  };
}

/**
 * Places: the gazetteer's countries and cities and the places people name, searched by name or
 * near a position, and browsed as a directory (countries, their cities, the places in a city).
 */
export function createPlaces(repo: PlacesRepository, nextId: IdGenerator) {
  return {
    names: repo.names,

    async find(id: string): Promise<PlaceRow> {
      const row = await repo.find(id);
      if (!row || row.kind === 'country') throw notFound('Place not found.');
      return row;
    },

    /** The rows of a name search (or of a position alone, or the most used places with neither). */
    async rows(query: string, near: Position | null, limit: number): Promise<PlaceRow[]> {
      const q = query.trim();
      if (q) return repo.search(q, near, limit);
      return near ? repo.nearby(near, limit) : repo.popular(limit);
    },

    /** Places by name for the blended search: prefix and typo-tolerant matches, nearest or most used first. */
    async search(query: string, near: Position | null, limit: number): Promise<PlaceHit[]> {
      const q = query.trim();
      if (!q) return [];
      return (await repo.search(q, near, limit)).map(toHit);
    },

    /** Places by id, as search lists them (recent searches): a missing id is a place that is gone. */
    async hits(ids: readonly string[]): Promise<PlaceHit[]> {
      return (await repo.findMany(ids)).filter((r) => r.kind !== 'country').map(toHit);
    },

    /**
     * The place a post names: an existing city or place by id (a 400 otherwise), or one made from
     * its name. `within` is the transaction of the post's write, when there is one.
     */
    async forPost(authorId: string, choice: PlaceChoice | null, within?: Db): Promise<string | null> {
      if (!choice) return null;
      const r = within ? createPlacesRepository(within) : repo;
      if ('id' in choice) {
        if (!(await r.taggable(choice.id))) throw badRequest(`No place with id ${choice.id}.`);
        return choice.id;
      }
      return r.userPlace(nextId(), choice.name, authorId, slugOf(choice.name));
    },

    async countries(page: string | null | undefined): Promise<DirectoryPage<{ id: string; name: string; slug: string }>> {
      const rows = await repo.countries(pageKey(page), DIRECTORY_PAGE_SIZE);
      const { items, next_page } = paged(rows, DIRECTORY_PAGE_SIZE, (r) => [r.name_folded, r.id]);
      return { items: items.map((r) => ({ id: r.country_code!, name: r.name, slug: r.slug })), next_page };
    },

    /** A country and a page of its cities, most populous first; null when there is no such country. */
    async country(code: string, page: string | null | undefined) {
      const country = await repo.country(code);
      if (!country) return null;
      const rows = await repo.cities(code, pageKey(page), DIRECTORY_PAGE_SIZE);
      const { items, next_page } = paged(rows, DIRECTORY_PAGE_SIZE, (r) => [r.population, r.id]);
      return {
        country: { id: code, name: country.name, slug: country.slug },
        cities: items.map((r) => ({ id: cityKey(r.id), name: r.name, slug: r.slug, media_count: r.media_count })),
        next_page,
      };
    },

    /** A city and a page of the places in it, by name; null when there is no such city. */
    async city(id: string, page: string | null | undefined) {
      const city = await repo.find(id);
      if (!city || city.kind !== 'city') return null;
      const rows = await repo.places(id, pageKey(page), DIRECTORY_PAGE_SIZE);
      const { items, next_page } = paged(rows, DIRECTORY_PAGE_SIZE, (r) => [r.name_folded, r.id]);
      return {
        city,
        places: items.map((r) => ({ id: r.id, name: r.name, slug: r.slug, media_count: r.media_count })),
        next_page,
      };
    },
  };
}
export type Places = ReturnType<typeof createPlaces>;
