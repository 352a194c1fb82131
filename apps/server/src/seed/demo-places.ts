import type { Db } from '../db/database.js';
import { importGazetteer } from '../features/places/gazetteer.js';
import { slugOf } from '../features/places/names.js';
import { createPlacesRepository } from '../features/places/repository.js';
import type { IdGenerator } from '../platform/ids.js';

/** The demo world's cities (GeoNames ids), and a few places people named inside them. */
const CITIES = {
  lisbon: '2267057', porto: '2735943', paris: '2988507', newYork: '5128581', tokyo: '1850147',
  barcelona: '3128760', mexicoCity: '3530597', kyoto: '1857910', berlin: '2950159', capeTown: '3369157',
} as const;

const NAMED: { name: string; city: keyof typeof CITIES; lat: number; lng: number }[] = [
  { name: 'Miradouro da Senhora do Monte', city: 'lisbon', lat: 38.7193, lng: -9.1327 },
  { name: 'LX Factory', city: 'lisbon', lat: 38.7034, lng: -9.1786 },
  { name: 'Jardin du Luxembourg', city: 'paris', lat: 48.8462, lng: 2.3372 },
  { name: 'Canal Saint-Martin', city: 'paris', lat: 48.8719, lng: 2.3656 },
  { name: 'Prospect Park', city: 'newYork', lat: 40.6602, lng: -73.969 },
  { name: 'Fushimi Inari Taisha', city: 'kyoto', lat: 34.9671, lng: 135.7727 },
];

/**
 * Gives the demo posts real places: the gazetteer's cities (loaded if the whole gazetteer is not
 * there yet) and places named inside them, so place pages and the directory are full at once.
 * One post in five stays without a place, as people leave it out.
 */
export async function seedDemoPlaces(db: Db, nextId: IdGenerator): Promise<number> {
  const wanted = new Set<number>(Object.values(CITIES).map(Number));
  await importGazetteer(db, { name: 'demo', keep: (c) => wanted.has(c.cityId) });
  const repo = createPlacesRepository(db);
  const alice = await db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst();
  const named: string[] = [];
  for (const p of NAMED) {
    const city = await repo.find(CITIES[p.city]);
    if (!city) continue;
    named.push(await repo.placeInCity(nextId(), p.name, slugOf(p.name), city, { lat: p.lat, lng: p.lng }, alice?.id ?? null));
  }
  const spots = [...named, ...Object.values(CITIES)].flatMap((id, i) => (i < named.length ? [id, id] : [id]));
  const posts = await db.selectFrom('media').select('id').orderBy('id').execute();
  let placed = 0;
  for (const [i, post] of posts.entries()) {
    if (i % 5 === 4) continue;
    await db.updateTable('media').set({ location_id: spots[i % spots.length]! }).where('id', '=', post.id).execute();
    placed += 1;
  }
  return placed;
}
