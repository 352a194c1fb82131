import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, queryUrl as q, signedUpAgent } from './helpers/agent.js';
import { follow, makePrivate } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { type City, gazetteerCities, importGazetteer } from '../src/features/places/gazetteer.js';
import { createPlacesRepository } from '../src/features/places/repository.js';
import { regionName, regionOf } from '../src/features/places/regions.js';
import { createPlaces } from '../src/features/places/service.js';
import { createIdGenerator } from '../src/platform/ids.js';

/** GeoNames ids the tests name. */
const PARIS = '2988507';
const PARIS_TEXAS = '4717560';
const SAN_FRANCISCO = '5391959';
const LISBON = '2267057';
const NEW_YORK = '5128581';

/**
 * A small world: every country with its largest city, the cities of a million people or more, every
 * Paris, and the few the tests name (the whole gazetteer loads once per data folder; see docs/decisions.md).
 */
function testScope() {
  const largest = new Map<string, { cityId: number; population: number }>();
  for (const c of gazetteerCities()) if ((largest.get(c.country)?.population ?? -1) < c.population) largest.set(c.country, c);
  const keep = new Set([...largest.values()].map((c) => c.cityId).concat([PARIS_TEXAS, SAN_FRANCISCO, LISBON].map(Number)));
  return { name: 'test', keep: (c: { cityId: number; name: string; population: number }) => c.population >= 1_000_000 || keep.has(c.cityId) || c.name === 'Paris' };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importGazetteer(t.db, testScope());
});
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
const search = (params: Record<string, string>) => new Agent(t.app).get(`/location_search/?${new URLSearchParams(params)}`);
type Venue = { external_id: string; external_id_source: string; name: string; title: string; subtitle: string; address: string; lat: number; lng: number; media_count: number; position: number; location: { pk: string; name: string; city: string; external_source: string } };
const venues = async (params: Record<string, string>): Promise<Venue[]> => {
  const res = await search(params);
  expect(res.status, res.text).toBe(200);
  return res.body.venues;
};
const ids = (edges: { node: { id: string } }[]) => edges.map((e) => e.node.id);
const pageOf = async (agent: Agent, path: string) => agent.get(`${path}${path.includes('?') ? '&' : '?'}__a=1`);
/** A copy of a post (sharing its files) at another place, which the post trigger counts as a new post. */
const copyPostTo = async (postId: string, id: string, locationId: string) => {
  await sql`insert into media
    select (jsonb_populate_record(null::media, to_jsonb(m) || jsonb_build_object('id', ${id}::bigint, 'location_id', ${locationId}::bigint))).*
    from media m where m.id = ${postId}`.execute(t.db);
  await sql`insert into media_items
    select (jsonb_populate_record(null::media_items, to_jsonb(i) || jsonb_build_object('media_id', ${id}::bigint))).*
    from media_items i where i.media_id = ${postId}`.execute(t.db);
};

describe(`location search (${databaseKind})`, () => {
  it('R-002-search-24: GET /location_search/ takes search_query, rank_token, latitude and longitude; venues carry the place, its position and where it is', async () => {
    const res = await search({ search_query: 'pari', rank_token: 'rank-1' });
    expect(res.status).toBe(200);
    expect(res.body.rank_token).toBe('rank-1');
    const [first] = res.body.venues as Venue[];
    // The most populous prefix match first.
    expect(first).toMatchObject({
      external_id: PARIS, external_id_source: 'geonames', name: 'Paris', title: 'Paris', subtitle: 'Île-de-France, France', address: 'Île-de-France, France', position: 0,
      location: { pk: PARIS, name: 'Paris', city: 'Paris', external_source: 'geonames' },
    });
    expect(first!.lat).toBeCloseTo(48.85, 1);
    expect(first!.lng).toBeCloseTo(2.35, 1);
    expect((res.body.venues as Venue[]).map((v) => v.position)).toEqual((res.body.venues as Venue[]).map((_, i) => i));

    // Near Dallas, the Paris nearest comes first.
    const nearDallas = await venues({ search_query: 'paris', latitude: '32.78', longitude: '-96.80', rank_token: 'rank-2' });
    expect(nearDallas[0]!.external_id).toBe(PARIS_TEXAS);
    expect(nearDallas[0]!.subtitle).toBe('Texas, United States');
    // A rank token is made when none is sent.
    expect((await search({ search_query: 'paris' })).body.rank_token).toMatch(/\S{8,}/);
  });

  it('matches ignore case and accents, forgive a typo, and with no query list what is nearest the position', async () => {
    expect((await venues({ search_query: 'SAO PAULO' }))[0]!.name).toBe('São Paulo');
    expect((await venues({ search_query: 'Barcelnoa' })).map((v) => v.name)).toContain('Barcelona');
    // "San" without a position: the biggest San... first; near San Francisco, San Francisco first.
    const far = await venues({ search_query: 'san' });
    expect(far[0]!.name).not.toBe('San Francisco');
    expect((await venues({ search_query: 'san', latitude: '37.77', longitude: '-122.41' }))[0]!.external_id).toBe(SAN_FRANCISCO);
    expect((await venues({ search_query: '', latitude: '38.72', longitude: '-9.14' }))[0]!.external_id).toBe(LISBON);
    // Pattern characters are taken literally.
    expect(await venues({ search_query: '%_' })).toEqual([]);
  });

  it('places of one name tell apart by their state or region: every Paris says where it is, in the place picker and in top search', async () => {
    const found = await venues({ search_query: 'Paris' });
    const paris = found.filter((v) => v.name === 'Paris');
    expect(paris.length).toBeGreaterThanOrEqual(8);
    const lines = paris.map((v) => v.subtitle);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toEqual(expect.arrayContaining(['Île-de-France, France', 'Ontario, Canada', 'Texas, United States', 'Kentucky, United States', 'Tennessee, United States']));
    expect(paris.find((v) => v.external_id === PARIS_TEXAS)).toMatchObject({ address: 'Texas, United States', title: 'Paris' });

    const top = await new Agent(t.app).get('/web/search/topsearch/?context=place&query=paris');
    const titled = (top.body.places as { place: { title: string; subtitle: string } }[]).map((p) => `${p.place.title}, ${p.place.subtitle}`);
    expect(titled).toContain('Paris, Texas, United States');
    expect(new Set(titled).size).toBe(titled.length);
    // A place people named inside a city says the city and its state.
    const parisTexas = await t.db.selectFrom('locations').select(['id', 'country_code']).where('id', '=', PARIS_TEXAS).executeTakeFirstOrThrow();
    await createPlacesRepository(t.db).placeInCity(`${Date.now()}9`, `Eiffel Tower Replica ${Date.now()}`, 'eiffel-tower-replica', parisTexas, { lat: 33.65, lng: -95.55 }, null);
    expect((await venues({ search_query: 'eiffel tower replica' }))[0]!.subtitle).toBe('Paris, Texas, United States');
  });

  it('a region is named where the country\'s divisions are known; elsewhere its code shows only when the country has two cities of that name', () => {
    expect(regionName('US', 'TX')).toBe('Texas');
    expect(regionName('GB', 'SCT')).toBe('Scotland');
    expect(regionName('BO', '05')).toBeNull();
    const cities = gazetteerCities() as (City & { adminCode?: string })[];
    // Names are told apart as search compares them: no case, no accents.
    const key = (c: City) => `${c.country}:${c.name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()}`;
    const count = new Map<string, number>();
    for (const c of cities) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
    const unnamed = cities.filter((c) => c.adminCode && c.adminCode !== '00' && regionName(c.country, c.adminCode) === null);
    const twice = unnamed.find((c) => count.get(key(c))! > 1)!;
    const once = unnamed.find((c) => count.get(key(c)) === 1)!;
    expect(regionOf(String(twice.cityId), twice.name, twice.country)).toBe(twice.adminCode);
    expect(regionOf(String(once.cityId), once.name, once.country)).toBeNull();
    expect(regionOf('4717560', 'Paris', 'US')).toBe('Texas');
    expect(regionOf(null, 'Paris', 'US')).toBeNull();
  });

  it('bad coordinates are a 400 that says why', async () => {
    for (const params of [{ latitude: '91', longitude: '0' }, { latitude: '0', longitude: '-181' }, { latitude: '12' }, { longitude: '12' }, { latitude: 'north', longitude: '3' }, { latitude: '1e3', longitude: '3' }] as Record<string, string>[]) {
      const res = await search({ search_query: 'x', ...params });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.status).toBe('fail');
      expect(res.body.message).toMatch(/latitude|longitude/);
    }
    expect((await search({ search_query: 'x'.repeat(101) })).status).toBe(400);
  });

  it('a place named in a post is found as a place of its own, with its post count', async () => {
    const a = await person();
    const name = `Café Zéphyr ${Date.now()}`;
    const media = await postPhoto(a.agent, 'coffee', { location: name });
    const [hit] = await venues({ search_query: 'cafe zephyr' });
    expect(hit).toMatchObject({ external_id: media.location.id, external_id_source: 'shutter', name, media_count: 1, location: { pk: media.location.id } });
    const places = createPlaces(createPlacesRepository(t.db), createIdGenerator(1));
    expect((await places.search('café zéph', null, 5))[0]).toEqual({ id: media.location.id, name, slug: media.location.slug, city: null, region: null, country: null, lat: null, lng: null, media_count: 1 });
    expect(await places.search('', null, 5)).toEqual([]);
  });
});

describe(`posts at a place of the gazetteer (${databaseKind})`, () => {
  it('a post names an existing place by location_id; an unknown id or a country is a 400 and nothing is posted', async () => {
    const a = await person();
    const media = await postPhoto(a.agent, 'croissants', { location_id: PARIS, location: 'ignored when an id is sent' });
    expect(media.location).toEqual({ id: PARIS, name: 'Paris', slug: 'paris' });
    for (const bad of ['999999999', '1000021843', 'paris']) {
      const before = (await a.agent.get(q('profile_posts', { id: a.user.id }))).body.data.user.edge_owner_to_timeline_media.count;
      const up = await import('./helpers/media.js').then((m) => m.uploadPhoto(a.agent));
      const res = await a.agent.post('/create/configure/', { upload_id: up.uploadId, caption: 'x', location_id: bad });
      expect(res.status, bad).toBe(400);
      expect((await a.agent.get(q('profile_posts', { id: a.user.id }))).body.data.user.edge_owner_to_timeline_media.count).toBe(before);
    }
    const moved = await a.agent.post(`/media/${media.id}/edit/`, { location_id: NEW_YORK });
    expect(moved.status).toBe(200);
    expect(moved.body.media.location).toMatchObject({ id: NEW_YORK, name: 'New York City' });
    expect((await a.agent.post(`/media/${media.id}/edit/`, { location_id: '999999999' })).status).toBe(400);
    const counts = await t.db.selectFrom('locations').select(['id', 'media_count']).where('id', 'in', [PARIS, NEW_YORK]).execute();
    expect(Object.fromEntries(counts.map((c) => [c.id, c.media_count]))).toEqual({ [PARIS]: 0, [NEW_YORK]: 1 });
    await a.agent.post(`/create/${media.id}/delete/`);
    expect((await t.db.selectFrom('locations').select('media_count').where('id', '=', NEW_YORK).executeTakeFirstOrThrow()).media_count).toBe(0);
  });
});

describe(`a place's page (${databaseKind})`, () => {
  it('shows where the place is, its top posts by likes and comments, and its newest posts, paged; no posts is an empty page; an unknown id is a 404', async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const lisbon = await t.db.selectFrom('locations').select(['id', 'country_code']).where('id', '=', LISBON).executeTakeFirstOrThrow();
    const placeId = await createPlacesRepository(t.db).placeInCity(`${Date.now()}7`, `Miradouro ${Date.now()}`, 'miradouro', lisbon, { lat: 38.7193, lng: -9.1327 }, a.user.id);
    const quiet = await pageOf(new Agent(t.app), `/explore/locations/${placeId}/miradouro/`);
    expect(quiet.status).toBe(200);
    expect(quiet.body.graphql.location).toMatchObject({
      id: placeId, kind: 'place', lat: 38.7193, lng: -9.1327,
      city: { id: `c${LISBON}`, name: 'Lisbon', slug: 'lisbon' }, country: { id: 'PT', name: 'Portugal', slug: 'portugal' },
      edge_location_to_top_posts: { edges: [] }, edge_location_to_media: { count: 0, edges: [] },
    });

    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await postPhoto(a.agent, `view ${i}`, { location_id: placeId }));
    await b.agent.post(`/web/likes/${posts[0].id}/like/`);
    await c.agent.post(`/web/likes/${posts[0].id}/like/`);
    await b.agent.post(`/web/comments/${posts[1].id}/add/`, { comment_text: 'wow' });
    const page = (await pageOf(b.agent, `/explore/locations/${placeId}/miradouro/`)).body.graphql.location;
    expect(ids(page.edge_location_to_top_posts.edges).slice(0, 2)).toEqual([posts[1].id, posts[0].id]);
    expect(ids(page.edge_location_to_media.edges)).toEqual([posts[2].id, posts[1].id, posts[0].id]);
    expect(page.edge_location_to_media.count).toBe(3);
    const first = (await b.agent.get(q('location_media', { id: placeId, first: 2 }))).body.data.location.edge_location_to_media;
    const next = (await b.agent.get(q('location_media', { id: placeId, first: 2, after: first.page_info.end_cursor }))).body.data.location.edge_location_to_media;
    expect([...ids(first.edges), ...ids(next.edges)]).toEqual([posts[2].id, posts[1].id, posts[0].id]);
    expect(next.page_info.has_next_page).toBe(false);
    // A city is a place too: its posts under its plain id, its directory page under c{id}.
    const city = (await pageOf(b.agent, `/explore/locations/${LISBON}/lisbon/`)).body.graphql.location;
    expect(city).toMatchObject({ kind: 'city', directory_id: `c${LISBON}`, city: null, country: { id: 'PT' } });

    expect((await pageOf(b.agent, '/explore/locations/999999999/nowhere/')).status).toBe(404);
    expect((await pageOf(b.agent, '/explore/locations/1000021843/portugal/')).status).toBe(404);
    expect((await pageOf(b.agent, '/explore/locations/not-an-id/')).status).toBe(404);
  });

  it("a place's posts are only those the viewer may see: a private account's to its followers, none across a block; the count shows only a number", async () => {
    const [owner, fan, stranger, open] = await Promise.all([person(), person(), person(), person()]);
    const spot = `Hidden garden ${Date.now()}`;
    const secret = await postPhoto(owner.agent, 'just us', { location: spot });
    const shown = await postPhoto(open.agent, 'for all', { location: spot });
    await follow(t.db, fan.user.id, owner.user.id);
    await makePrivate(t.db, owner.user.id);
    const placeId = secret.location.id;
    const seen = async (agent: Agent) => {
      const loc = (await pageOf(agent, `/explore/locations/${placeId}/`)).body.graphql.location;
      return { top: ids(loc.edge_location_to_top_posts.edges), recent: ids(loc.edge_location_to_media.edges), count: loc.edge_location_to_media.count };
    };
    expect(await seen(fan.agent)).toEqual({ top: expect.arrayContaining([secret.id, shown.id]), recent: [shown.id, secret.id], count: 2 });
    expect(await seen(owner.agent)).toMatchObject({ recent: [shown.id, secret.id] });
    for (const outsider of [stranger.agent, new Agent(t.app)]) {
      const view = await seen(outsider);
      expect(view.top).toEqual([shown.id]);
      expect(view.recent).toEqual([shown.id]);
      const body = JSON.stringify((await pageOf(outsider, `/explore/locations/${placeId}/`)).body);
      expect(body).not.toContain('just us');
      expect(body).not.toContain(secret.id);
    }
    await open.agent.post(`/web/friendships/${fan.user.id}/block/`);
    expect((await seen(fan.agent)).recent).toEqual([secret.id]);
    expect((await seen(fan.agent)).top).toEqual([secret.id]);
  });
});

describe(`the location directory (${databaseKind})`, () => {
  it('R-002-directories-1: the landing lists the countries people posted in by name, a country its cities with posts by population, a city its places; each loads its next page', async () => {
    const visitor = new Agent(t.app);
    const author = await person();
    const post = await postPhoto(author.agent, 'far and wide');
    // Posts in the largest city of 120 countries, copies of a real post made in the database.
    const { rows: largest } = await sql<{ id: string; country_code: string }>`select distinct on (country_code) id, country_code from locations
      where kind = 'city' order by country_code, population desc`.execute(t.db);
    const spread = largest.slice(0, 120);
    expect(spread.length).toBe(120);
    const next = createIdGenerator(4011);
    for (const city of spread) await copyPostTo(post.id, next(), city.id);
    const countries: { id: string; name: string; slug: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await pageOf(visitor, `/explore/locations/${cursor ? `?page=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      countries.push(...res.body.country_list);
      cursor = res.body.next_page;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(new Set(countries.map((c) => c.id)).size).toBe(countries.length);
    expect(countries.map((c) => c.name).indexOf('Portugal')).toBeGreaterThan(countries.map((c) => c.name).indexOf('France'));
    // Only countries with posts: every one given a post here, and the few other tests posted in.
    expect(countries.map((c) => c.id)).toEqual(expect.arrayContaining(spread.map((c) => c.country_code)));
    const posted = await t.db.selectFrom('locations').select('country_code').where('kind', '=', 'country').where('area_media_count', '>', 0).execute();
    expect(countries.map((c) => c.id).sort()).toEqual(posted.map((c) => c.country_code).sort());
    expect(countries.length).toBeLessThan(largest.length);

    // A country lists the cities with posts, most populous first; the others of its cities are left out.
    await copyPostTo(post.id, next(), PARIS_TEXAS);
    await copyPostTo(post.id, next(), NEW_YORK);
    const us = await pageOf(visitor, '/explore/locations/US/united-states/');
    expect(us.body.country_info).toEqual({ id: 'US', name: 'United States', slug: 'united-states' });
    const usCities = us.body.city_list.map((c: { id: string }) => c.id);
    expect(us.body.city_list[0]).toMatchObject({ id: `c${NEW_YORK}`, name: 'New York City', slug: 'new-york-city' });
    expect(usCities).toContain(`c${PARIS_TEXAS}`);
    const quietUs = await t.db.selectFrom('locations').select('id').where('kind', '=', 'city').where('country_code', '=', 'US').where('media_count', '=', 0).where('area_media_count', '=', 0).execute();
    expect(quietUs.length).toBeGreaterThan(0);
    for (const quiet of quietUs) expect(usCities).not.toContain(`c${quiet.id}`);
    expect(us.body.next_page).toBeNull();

    // A city with more places than a page: the next page continues by name, with none twice.
    const repo = createPlacesRepository(t.db);
    const sf = await t.db.selectFrom('locations').select(['id', 'country_code']).where('id', '=', SAN_FRANCISCO).executeTakeFirstOrThrow();
    const made: string[] = [];
    for (let i = 0; i < 105; i++) {
      made.push(await repo.placeInCity(`${Date.now()}${String(i).padStart(3, '0')}`, `Corner ${String(i).padStart(3, '0')}`, `corner-${i}`, sf, null, null));
      await copyPostTo(post.id, next(), made.at(-1)!);
    }
    // A place nobody has posted at yet is not listed.
    await repo.placeInCity(next(), 'Corner 000a, empty', 'corner-empty', sf, null, null);
    const city = await pageOf(visitor, `/explore/locations/c${SAN_FRANCISCO}/san-francisco/`);
    expect(city.body.city_info).toMatchObject({ id: `c${SAN_FRANCISCO}`, name: 'San Francisco', location_id: SAN_FRANCISCO });
    expect(city.body.country_info).toMatchObject({ id: 'US' });
    expect(city.body.location_list).toHaveLength(100);
    expect(city.body.next_page).toEqual(expect.any(String));
    const rest = await pageOf(visitor, `/explore/locations/c${SAN_FRANCISCO}/san-francisco/?page=${encodeURIComponent(city.body.next_page)}`);
    expect(rest.body.next_page).toBeNull();
    const listed = [...city.body.location_list, ...rest.body.location_list].map((p: { id: string }) => p.id);
    expect(listed).toEqual(made);
    expect((await pageOf(visitor, '/explore/locations/?page=not-a-cursor')).status).toBe(400);
  });

  it('a country and a city join the directory with their first post and leave it when the last is moved or deleted', async () => {
    const visitor = new Agent(t.app);
    const { rows: [quiet] } = await sql<{ id: string; country_code: string; slug: string }>`select c.id, c.country_code, k.slug from locations c
      join locations k on k.kind = 'country' and k.country_code = c.country_code
      where c.kind = 'city' and k.area_media_count = 0 order by c.id limit 1`.execute(t.db);
    expect(quiet).toBeDefined();
    const listed = async () => {
      const countries: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await pageOf(visitor, `/explore/locations/${cursor ? `?page=${encodeURIComponent(cursor)}` : ''}`);
        countries.push(...res.body.country_list.map((c: { id: string }) => c.id));
        cursor = res.body.next_page;
      } while (cursor);
      const cities = (await pageOf(visitor, `/explore/locations/${quiet!.country_code}/${quiet!.slug}/`)).body.city_list.map((c: { id: string }) => c.id);
      return { country: countries.includes(quiet!.country_code), city: cities.includes(`c${quiet!.id}`) };
    };
    expect(await listed()).toEqual({ country: false, city: false });
    const a = await person();
    const media = await postPhoto(a.agent, 'first here', { location_id: quiet!.id });
    expect(await listed()).toEqual({ country: true, city: true });
    expect((await a.agent.post(`/media/${media.id}/edit/`, { location_id: NEW_YORK })).status).toBe(200);
    expect(await listed()).toEqual({ country: false, city: false });
    expect((await a.agent.post(`/media/${media.id}/edit/`, { location_id: quiet!.id })).status).toBe(200);
    expect(await listed()).toEqual({ country: true, city: true });
    expect((await a.agent.post(`/create/${media.id}/delete/`)).status).toBe(200);
    expect(await listed()).toEqual({ country: false, city: false });
  });

  it('R-002-directories-2: /locations/{id}/ shows a country, a city or a place page by the shape of its id; anything else is a 404', async () => {
    const visitor = new Agent(t.app);
    expect((await pageOf(visitor, '/locations/FR/')).body.country_info).toMatchObject({ id: 'FR', name: 'France' });
    expect((await pageOf(visitor, `/locations/c${PARIS}/`)).body.city_info).toMatchObject({ id: `c${PARIS}`, name: 'Paris' });
    expect((await pageOf(visitor, `/locations/${PARIS}/`)).body.graphql.location).toMatchObject({ id: PARIS, kind: 'city' });
    for (const path of ['/locations/fr/', '/locations/ZZ/', '/locations/c999999999/', `/locations/c${PARIS}x/`, '/locations/999999999/']) {
      expect((await pageOf(visitor, path)).status, path).toBe(404);
    }
    const html = await visitor.get(`/locations/c${PARIS}/`);
    expect(html.text).toContain('<title>Locations in Paris, France • Shutter</title>');
  });
});
