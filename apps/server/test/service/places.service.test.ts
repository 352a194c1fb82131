import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The places service on the test database: the places posts name, finding them, and the directory of where people posted. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
let author: string;
const ids = {} as Record<'country' | 'city' | 'cafe' | 'quietCity', string>;

const locationCount = async () => (await t.db.selectFrom('locations').select('id').execute()).length;

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  author = await seed.user('author');
  for (const key of ['country', 'city', 'cafe', 'quietCity'] as const) ids[key] = s.nextId();
  await t.db.insertInto('locations').values([
    { id: ids.country, name: 'Zembla', slug: 'zembla', name_lower: 'zembla', kind: 'country', country_code: 'ZZ', source: 'gazetteer', external_id: 'ZZ', city_id: null, lat: null, lng: null, created_by: null },
    { id: ids.city, name: 'Onhava', slug: 'onhava', name_lower: 'onhava', kind: 'city', country_code: 'ZZ', source: 'gazetteer', external_id: '990001', city_id: null, lat: 60.1, lng: 24.9, population: 500000, created_by: null },
    { id: ids.quietCity, name: 'Kobaltana', slug: 'kobaltana', name_lower: 'kobaltana', kind: 'city', country_code: 'ZZ', source: 'gazetteer', external_id: '990002', city_id: null, lat: 61.0, lng: 25.5, population: 9000, created_by: null },
    { id: ids.cafe, name: 'Café Zürich', slug: 'cafe-zurich', name_lower: 'café zürich', kind: 'place', country_code: 'ZZ', source: 'user', external_id: null, city_id: ids.city, lat: 60.11, lng: 24.91, created_by: null },
  ]).execute();
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`places service (${databaseKind})`, () => {
  it('a place named by an author is made once: another author naming it in another case gets the same place', async () => {
    const other = await seed.user('other');
    const first = await s.places.forPost(author, { name: 'Harbour Steps' });
    const again = await s.places.forPost(other, { name: 'HARBOUR STEPS' });
    expect(again).toBe(first);
    const row = await s.places.find(first!);
    expect(row).toMatchObject({ name: 'Harbour Steps', kind: 'place' });
    expect(await s.places.forPost(author, null)).toBeNull();
  });

  it('a post may name an existing city or place by id, never a country or an id that is not there; nothing is made', async () => {
    expect(await s.places.forPost(author, { id: ids.city })).toBe(ids.city);
    const before = await locationCount();
    await expect(s.places.forPost(author, { id: ids.country })).rejects.toMatchObject({ statusCode: 400 });
    await expect(s.places.forPost(author, { id: '4242424242' })).rejects.toMatchObject({ statusCode: 400 });
    expect(await locationCount()).toBe(before);
  });

  it('a country is not a place page; an id that is not there is not found', async () => {
    await expect(s.places.find(ids.country)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.places.find('4242424242')).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.places.find(ids.cafe)).resolves.toMatchObject({ id: ids.cafe, city_id: ids.city });
  });

  it('search folds case and accents, tells the city and country, and never answers a country', async () => {
    const hits = await s.places.search('cafe zur', null, 10);
    expect(hits.map((h) => h.id)).toContain(ids.cafe);
    expect(hits.find((h) => h.id === ids.cafe)).toMatchObject({ city: 'Onhava' });
    expect((await s.places.search('zembla', null, 10)).map((h) => h.id)).not.toContain(ids.country);
    expect(await s.places.search('   ', null, 10)).toEqual([]);
    expect((await s.places.hits([ids.country, ids.cafe])).map((h) => h.id)).toEqual([ids.cafe]);
  });

  it('a place\'s count follows its posts, and its city and country enter the directory with the first one', async () => {
    expect((await s.places.countries(null)).items.map((c) => c.id)).not.toContain('ZZ');
    const postId = await seed.post(author, { place: { id: ids.cafe } });
    expect((await s.places.find(ids.cafe)).media_count).toBe(1);
    expect((await s.places.countries(null)).items.map((c) => c.id)).toContain('ZZ');
    const country = await s.places.country('ZZ', null);
    expect(country?.cities.map((c) => c.name)).toEqual(['Onhava']);
    const city = await s.places.city(ids.city, null);
    expect(city?.places.map((p) => p.id)).toEqual([ids.cafe]);
    await s.posts.remove(postId, author);
    expect((await s.places.find(ids.cafe)).media_count).toBe(0);
  });

  it('the directory answers null for a country or a city that is not one', async () => {
    expect(await s.places.country('QQ', null)).toBeNull();
    expect(await s.places.city(ids.cafe, null)).toBeNull();
    expect(await s.places.city(ids.country, null)).toBeNull();
  });

  it('near a position, the nearest place comes first', async () => {
    const rows = await s.places.rows('', { lat: 61.0, lng: 25.5 }, 2);
    expect(rows[0]!.id).toBe(ids.quietCity);
  });

  it('a place lists the posts the viewer may see, and counts them all', async () => {
    const people = { open: await seed.user('open'), owner: await seed.user('owner', { private: true }), follower: await seed.user('follower'), stranger: await seed.user('stranger') };
    await follow(t.db, people.follower, people.owner);
    const openPost = await seed.post(people.open, { place: { name: 'Quiet Lake' } });
    const placeId = (await t.db.selectFrom('media').select('location_id').where('id', '=', openPost).executeTakeFirstOrThrow()).location_id!;
    const privatePost = await seed.post(people.owner, { place: { id: placeId } });
    const forStranger = await s.placePosts.location(placeId, people.stranger, 12, null);
    expect(forStranger.edge_location_to_media.edges.map((e) => e.node.id)).toEqual([openPost]);
    const forFollower = await s.placePosts.location(placeId, people.follower, 12, null);
    expect(forFollower.edge_location_to_media.edges.map((e) => e.node.id).sort()).toEqual([openPost, privatePost].sort());
    expect(forStranger.edge_location_to_media.count).toBe(2);
    await expect(s.placePosts.location('123456789', null, 12, null)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.placePosts.location(ids.country, null, 12, null)).rejects.toMatchObject({ statusCode: 404 });
  });
});
