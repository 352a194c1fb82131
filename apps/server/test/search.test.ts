import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX } from '@shutter/contract';
import { recentSearches, topSearch, nullStateSections } from '@shutter/contract/results';
import { Agent, newPerson, signUp } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A person with a chosen name and their own agent. */
async function person(name: string, username?: string) {
  const agent = new Agent(t.app);
  const p = newPerson('s');
  const user = await signUp(agent, { ...p, first_name: name, username: username ?? p.username });
  return { agent, user };
}
const tag = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x');
const usernames = (body: { users: { user: { username: string } }[] }) => body.users.map((u) => u.user.username);
const search = (agent: Agent, query: string, extra = '') => agent.get(`/web/search/topsearch/?query=${encodeURIComponent(query)}${extra}`);
type Answer = { users: { position: number; user: { username: string } }[]; hashtags: { position: number; hashtag: { name: string } }[]; places: { position: number; place: { title: string } }[] };
/** Every result's name (a hashtag with its '#'), in the order of their positions. */
const inOrder = (body: Answer) => [
  ...body.users.map((u) => ({ position: u.position, name: u.user.username })),
  ...body.hashtags.map((h) => ({ position: h.position, name: `#${h.hashtag.name}` })),
  ...body.places.map((p) => ({ position: p.position, name: p.place.title })),
].sort((a, b) => a.position - b.position).map((x) => x.name);

describe(`search (${databaseKind})`, () => {
  it('R-002-search-23: top search calls GET /web/search/topsearch/ with context, query, rank_token and include_reel; every result has a position', async () => {
    const k = tag();
    const owner = await person(`Marigold ${k}`, `marigold_${k}`);
    await postPhoto(owner.agent, `garden #marigold${k}`);
    const viewer = await person('Viewer');
    const res = await search(viewer.agent, `marigold${k}`, '&context=blended&rank_token=0f8d2c1e-aaaa-4bbb-8ccc-123456789abc&include_reel=true');
    expect(res.status).toBe(200);
    expect(topSearch.parse(res.body)).toBeTruthy();
    expect(res.body.rank_token).toBe('0f8d2c1e-aaaa-4bbb-8ccc-123456789abc');
    expect(res.body.hashtags.map((h: { hashtag: { name: string } }) => h.hashtag.name)).toEqual([`marigold${k}`]);
    const positions = [...res.body.users, ...res.body.hashtags, ...res.body.places].map((x: { position: number }) => x.position).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, i) => i));

    const people = await search(viewer.agent, `marigold`, `&context=user`);
    expect(usernames(people.body)).toContain(`marigold_${k}`);
    expect(people.body.hashtags).toEqual([]);
    const tags = await search(viewer.agent, `marigold${k}`, '&context=hashtag');
    expect(tags.body.users).toEqual([]);
    expect(tags.body.hashtags[0].hashtag).toMatchObject({ name: `marigold${k}`, fbid: expect.stringMatching(/^\d+$/), media_count: 1 });
    // Without a rank token, one is made for the session of searches.
    expect((await search(viewer.agent, 'marigold')).body.rank_token).toMatch(/^[\w-]{8,}$/);

    // The token is opaque: whatever short string a client sends comes back, a decimal too.
    for (const token of ['0.8413257', 'a token with spaces']) {
      const r = await search(viewer.agent, 'marigold', `&rank_token=${encodeURIComponent(token)}`);
      expect(r.status, token).toBe(200);
      expect(r.body.rank_token).toBe(token);
    }
    for (const bad of ['&context=everything', `&rank_token=${'t'.repeat(101)}`, '&include_reel=maybe', `&latitude=91&longitude=0`]) {
      const r = await search(viewer.agent, 'marigold', bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.status).toBe('fail');
    }
    expect((await search(viewer.agent, 'x'.repeat(101))).status).toBe(400);
  });

  it('a misspelt name finds the person, and so does a name typed without its accents or in capitals', async () => {
    const k = tag();
    const jonathan = await person(`Jonathan Ferreira${k}`);
    const sofia = await person(`Sofía Ortiz${k}`);
    const viewer = await person('Viewer');
    expect(usernames((await search(viewer.agent, 'jonahtan')).body)).toContain(jonathan.user.username);
    expect(usernames((await search(viewer.agent, `ferriera${k}`)).body)).toContain(jonathan.user.username);
    expect(usernames((await search(viewer.agent, 'sofia')).body)).toContain(sofia.user.username);
    expect(usernames((await search(viewer.agent, 'SOFIA ORT')).body)).toContain(sofia.user.username);
    expect(usernames((await search(viewer.agent, `ortiz${k}`)).body)).toContain(sofia.user.username);
    expect(usernames((await search(viewer.agent, 'qqzzxx')).body)).toEqual([]);
  });

  it('orders the exact username first, then prefixes with people the viewer follows or who follow them first, then the most followed; typos last', async () => {
    const k = tag();
    const exact = await person('Someone', `pel${k}`);
    const popular = await person('Popular', `pel${k}_popular`);
    const quiet = await person('Quiet', `pel${k}_quiet`);
    const friend = await person('Friend', `pel${k}_zfriend`);
    const fan = await person('Fan', `pel${k}_yfan`);
    const viewer = await person('Viewer');
    for (let i = 0; i < 3; i++) await follow(t.db, (await person(`Follower ${i}`)).user.id, popular.user.id);
    await follow(t.db, viewer.user.id, friend.user.id);
    await follow(t.db, fan.user.id, viewer.user.id);
    const res = await search(viewer.agent, `pel${k}`);
    expect(usernames(res.body).slice(0, 5)).toEqual([exact.user.username, friend.user.username, fan.user.username, popular.user.username, quiet.user.username]);
    const byName = Object.fromEntries(res.body.users.map((u: { user: { username: string; search_social_context: string | null; subtitle: string } }) => [u.user.username, u.user]));
    expect(byName[friend.user.username].search_social_context).toBe('Following');
    expect(byName[fan.user.username].search_social_context).toBe('Follows you');
    expect(byName[quiet.user.username].search_social_context).toBeNull();
    expect(byName[friend.user.username].subtitle).toBe('Friend • Following');
    // "Followed by": someone the viewer follows follows them.
    await follow(t.db, friend.user.id, quiet.user.id);
    const again = await search(viewer.agent, `pel${k}_quiet`);
    expect(again.body.users[0].user.search_social_context).toBe(`Followed by ${friend.user.username}`);
  });

  it('blocked people never appear, whoever blocked whom; private accounts appear as accounts', async () => {
    const k = tag();
    const blocker = await person(`Blockhead ${k}`, `blk${k}_a`);
    const blocked = await person(`Blockhead ${k}`, `blk${k}_b`);
    const hidden = await person(`Blockhead ${k}`, `blk${k}_c`);
    await hidden.agent.post('/accounts/set_private/');
    const viewer = await person('Viewer');
    await blocker.agent.post(`/web/friendships/${viewer.user.id}/block/`);
    await viewer.agent.post(`/web/friendships/${blocked.user.id}/block/`);
    const seen = usernames((await search(viewer.agent, `blockhead ${k}`)).body);
    expect(seen).toEqual([hidden.user.username]);
    expect((await search(viewer.agent, `blockhead ${k}`)).body.users[0].user.is_private).toBe(true);
    expect(usernames((await search(blocker.agent, `blk${k}`)).body)).not.toContain(viewer.user.username);
    // The blocked side cannot find the one who blocked them either.
    expect(usernames((await search(blocked.agent, `blk${k}`)).body)).not.toContain(viewer.user.username);
    // A visitor finds people without any relationship.
    const visitor = await search(new Agent(t.app), `blk${k}`);
    expect(visitor.status).toBe(200);
    expect(usernames(visitor.body).sort()).toEqual([blocker.user.username, blocked.user.username, hidden.user.username].sort());
    expect(visitor.body.users.every((u: { user: { search_social_context: null } }) => u.user.search_social_context === null)).toBe(true);
  });

  it('a place or hashtag that is only close to a misspelt query comes after the person it misspells', async () => {
    const k = tag();
    const maren = await person(`Maren Vasquelli`);
    await postPhoto(maren.agent, `hills #vasquella${k}`, { location: `Vasquella Point` });
    const viewer = await person('Viewer');
    const res = await search(viewer.agent, 'vasqueli');
    const first = [...res.body.users.map((u: { position: number; user: { username: string } }) => ({ position: u.position, name: u.user.username })),
      ...res.body.places.map((p: { position: number; place: { title: string } }) => ({ position: p.position, name: p.place.title }))]
      .sort((a, b) => a.position - b.position);
    expect(first.map((x) => x.name)).toContain('Vasquella Point');
    expect(first[0]!.name).toBe(maren.user.username);
  });

  it('people come before hashtags and places: a person one typo away outranks a town or hashtag starting with the query, and a person with the query as a name outranks a place of that exact name', async () => {
    const [k, j] = [tag(), tag()];
    const carol = await person(`Carol ${k}`, `carol${k}`);
    await postPhoto(carol.agent, `#carl${k}land`, { location: `Carl${k} Springs` });
    const alice = await person(`Alice Martin${j}`, `am${j}`);
    await postPhoto(alice.agent, `#martin${j}`, { location: `Martin${j}` });
    const viewer = await person('Viewer');
    expect(inOrder((await search(viewer.agent, `carl${k}`)).body)).toEqual([`carol${k}`, `#carl${k}land`, `Carl${k} Springs`]);
    expect(inOrder((await search(viewer.agent, `martin${j}`)).body)).toEqual([`am${j}`, `#martin${j}`, `Martin${j}`]);
    expect(inOrder((await search(viewer.agent, `Martin${j}`)).body)[0]).toBe(`am${j}`);
  });

  it('two neighbouring letters swapped are one typo: "oidle" finds Odile and "tvoah" finds tovah, which trigrams alone miss', async () => {
    const k = tag();
    const odile = await person(`Odile ${k}`, `od_${k}`);
    const tovah = await person('Someone Else', 'tovah');
    const viewer = await person('Viewer');
    expect(usernames((await search(viewer.agent, 'oidle')).body)).toContain(odile.user.username);
    expect(usernames((await search(viewer.agent, `oidle ${k}`)).body)[0]).toBe(odile.user.username);
    expect(usernames((await search(viewer.agent, 'tvoah')).body)[0]).toBe(tovah.user.username);
    // Two typos are not forgiven in a name this short.
    expect(usernames((await search(viewer.agent, 'tvoha')).body)).not.toContain(tovah.user.username);
  });

  it('people the viewer follows or searched lately come before other people, closest match first; the account whose username is the query stays first', async () => {
    const k = tag();
    const exact = await person('Exact', `lumen${k}`);
    const stranger = await person('Stranger', `lumen${k}_s`);
    const recent = await person('Recent', `lumen${k}_r`);
    const followed = await person('Followed', `lumne${k}`);
    const viewer = await person('Viewer');
    for (let i = 0; i < 3; i++) await follow(t.db, (await person(`Fan ${i}`)).user.id, stranger.user.id);
    await follow(t.db, viewer.user.id, followed.user.id);
    expect((await viewer.agent.post('/web/search/register_recent_search/', { entity_type: 'user', entity_id: recent.user.id })).status).toBe(200);
    expect(usernames((await search(viewer.agent, `lumen${k}`)).body)).toEqual([exact, recent, followed, stranger].map((p) => p.user.username));
    // Someone else, with no ties to them, sees the closest matches first.
    const other = await person('Other');
    expect(usernames((await search(other.agent, `lumen${k}`)).body).slice(0, 3)).toEqual([exact.user.username, stranger.user.username, recent.user.username]);
  });

  it('a lone # suggests the hashtags the viewer searched lately, then those with the most posts anyone may see; a lone @ suggests people', async () => {
    const k = tag();
    const poster = await person('Poster');
    for (let i = 0; i < 3; i++) await postPhoto(poster.agent, `#busy${k}`);
    await postPhoto(poster.agent, `#quiet${k}`);
    const hidden = await person('Hidden');
    await hidden.agent.post('/accounts/set_private/');
    await postPhoto(hidden.agent, `#secret${k}`);
    const viewer = await person('Viewer');
    await viewer.agent.post('/web/search/register_recent_search/', { entity_type: 'hashtag', entity_id: `quiet${k}` });
    await viewer.agent.post('/web/search/register_recent_search/', { entity_type: 'user', entity_id: poster.user.id });
    const tagsOf = (body: { hashtags: { position: number; hashtag: { name: string; media_count: number } }[] }) =>
      [...body.hashtags].sort((a, b) => a.position - b.position).map((h) => [h.hashtag.name, h.hashtag.media_count] as const);

    const res = await search(viewer.agent, '#');
    expect(res.status).toBe(200);
    expect(topSearch.parse(res.body)).toBeTruthy();
    expect(res.body.users).toEqual([]);
    expect(res.body.places).toEqual([]);
    const tags = tagsOf(res.body);
    expect(tags[0]).toEqual([`quiet${k}`, 1]);
    expect(tags).toContainEqual([`busy${k}`, 3]);
    expect(tags.map(([name]) => name)).not.toContain(`secret${k}`);
    const counts = tags.slice(1).map(([, n]) => n);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // A visitor gets the most used ones, by the posts anyone may see.
    const seen = tagsOf((await search(new Agent(t.app), ' # ')).body);
    expect(seen[0]).toEqual([`busy${k}`, 3]);
    expect(seen.map(([name]) => name)).not.toContain(`secret${k}`);

    const people = await search(viewer.agent, '@', '&include_reel=true');
    expect(people.body.hashtags).toEqual([]);
    expect(people.body.users[0]).toMatchObject({ position: 0, user: { pk: poster.user.id } });
    expect((await search(new Agent(t.app), '@')).body.users).toEqual([]);
  });

  it('finds places by a word of their name, accents aside, and hashtags by prefix with their post counts; # asks for hashtags only', async () => {
    const k = tag();
    const a = await person('Traveller');
    await postPhoto(a.agent, `#lagoa${k}`, { location: `Lagoa Azul ${k}` });
    await postPhoto(a.agent, `#lagoa${k} #lagoa${k}x`);
    const viewer = await person('Viewer');
    const res = await search(viewer.agent, `azul ${k}`);
    expect(res.body.places.map((p: { place: { title: string } }) => p.place.title)).toEqual([`Lagoa Azul ${k}`]);
    const place = res.body.places[0].place;
    expect(place.location.pk).toMatch(/^\d+$/);
    expect(place.slug).toBe(place.location.slug);
    const tags = await search(viewer.agent, `#lagoa${k}`);
    expect(tags.body.users).toEqual([]);
    expect(tags.body.hashtags.map((h: { hashtag: { name: string; media_count: number } }) => [h.hashtag.name, h.hashtag.media_count])).toEqual([[`lagoa${k}`, 2], [`lagoa${k}x`, 1]]);
  });

  it('R-002-search-26: recent searches are loaded with GET /web/search/recent_searches/, newest first with positions; a result opened again moves up; gone entries drop out', async () => {
    const k = tag();
    const viewer = await person('Viewer');
    const other = await person(`Recent ${k}`);
    const poster = await person('Poster');
    const media = await postPhoto(poster.agent, `#recent${k}`, { location: `Recent Place ${k}` });
    const place = media.location as { id: string };
    const register = (entity_type: string, entity_id: string) => viewer.agent.post('/web/search/register_recent_search/', { entity_type, entity_id });
    expect((await register('user', other.user.id)).status).toBe(200);
    expect((await register('hashtag', `recent${k}`)).status).toBe(200);
    expect((await register('place', place.id)).status).toBe(200);
    expect((await register('user', other.user.id)).status).toBe(200);
    const res = await viewer.agent.get('/web/search/recent_searches/');
    expect(recentSearches.parse(res.body)).toBeTruthy();
    expect(res.body.recent.map((r: { position: number; user?: { pk: string }; hashtag?: { name: string }; place?: { location: { pk: string } } }) => [r.position, r.user?.pk ?? r.hashtag?.name ?? r.place?.location.pk]))
      .toEqual([[0, other.user.id], [1, place.id], [2, `recent${k}`]]);
    // Only what exists is recorded.
    expect((await register('user', '999999999999')).status).toBe(404);
    expect((await register('hashtag', `nothing${k}`)).status).toBe(404);
    expect((await register('place', '999999999999')).status).toBe(404);
    expect((await register('hashtag', 'not a tag')).status).toBe(400);
    expect((await register('video', '1')).status).toBe(400);
    // The hashtag is gone once its only post is deleted; the entry drops out of the history.
    await poster.agent.post(`/create/${media.id}/delete/`);
    const after = await viewer.agent.get('/web/search/recent_searches/');
    expect(after.body.recent.map((r: { hashtag?: unknown }) => Boolean(r.hashtag))).not.toContain(true);
    // A person who blocks the viewer disappears from their history.
    await other.agent.post(`/web/friendships/${viewer.user.id}/block/`);
    expect((await viewer.agent.get('/web/search/recent_searches/')).body.recent.some((r: { user?: unknown }) => r.user)).toBe(false);
    // Only the newest are kept.
    const many = [];
    for (let i = 0; i < RECENT_SEARCHES_MAX + 2; i++) many.push(await person(`Many ${k} ${i}`));
    for (const p of many) await register('user', p.user.id);
    const kept = (await viewer.agent.get('/web/search/recent_searches/')).body.recent;
    expect(kept).toHaveLength(RECENT_SEARCHES_MAX);
    expect(kept[0].user.pk).toBe(many.at(-1)!.user.id);
  });

  it('R-002-search-27: hiding search entries posts hashtag, place, section and user as JSON lists to /web/search/hide_search_entities/; only the viewer\'s own history changes', async () => {
    const k = tag();
    const viewer = await person('Viewer');
    const someone = await person('Onlooker');
    const a = await person(`Hide ${k} A`);
    const b = await person(`Hide ${k} B`);
    await postPhoto(a.agent, `#hide${k}`);
    for (const agent of [viewer.agent, someone.agent]) {
      await agent.post('/web/search/register_recent_search/', { entity_type: 'user', entity_id: a.user.id });
      await agent.post('/web/search/register_recent_search/', { entity_type: 'user', entity_id: b.user.id });
      await agent.post('/web/search/register_recent_search/', { entity_type: 'hashtag', entity_id: `hide${k}` });
    }
    const hide = await viewer.agent.post('/web/search/hide_search_entities/', { user: JSON.stringify([a.user.id]), hashtag: JSON.stringify([`hide${k}`]), place: '[]', section: '[]' });
    expect(hide.status).toBe(200);
    const left = (await viewer.agent.get('/web/search/recent_searches/')).body.recent;
    expect(left.map((r: { user?: { pk: string } }) => r.user?.pk)).toEqual([b.user.id]);
    expect((await someone.agent.get('/web/search/recent_searches/')).body.recent).toHaveLength(3);
    for (const bad of <Record<string, string>[]>[{ user: 'not json' }, { user: '["abc"]' }, { hashtag: '[1]' }, { section: '["everything"]' }, { user: JSON.stringify(Array.from({ length: 51 }, (_, i) => String(i + 1))) }]) {
      const r = await viewer.agent.post('/web/search/hide_search_entities/', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await viewer.agent.request('POST', '/web/search/hide_search_entities/', { json: { user: [b.user.id] } })).status).toBe(200);
    expect((await viewer.agent.get('/web/search/recent_searches/')).body.recent).toEqual([]);
  });

  it('R-002-search-15: the whole history is cleared with POST /web/search/clear_search_history/', async () => {
    const viewer = await person('Viewer');
    const other = await person('Other');
    await viewer.agent.post('/web/search/register_recent_search/', { entity_type: 'user', entity_id: other.user.id });
    expect((await viewer.agent.post('/web/search/clear_search_history/')).status).toBe(200);
    expect((await viewer.agent.get('/web/search/recent_searches/')).body.recent).toEqual([]);
  });

  it('R-002-search-25: null-state sections are loaded with GET /web/search/nullstate_dynamic_sections/ with type; a section can be hidden', async () => {
    const viewer = await person('Viewer');
    const friend = await person('Friend');
    const popular = await person('Popular');
    await follow(t.db, viewer.user.id, friend.user.id);
    await follow(t.db, friend.user.id, popular.user.id);
    const res = await viewer.agent.get('/web/search/nullstate_dynamic_sections/?type=blended');
    expect(res.status).toBe(200);
    expect(nullStateSections.parse(res.body)).toBeTruthy();
    const suggested = res.body.sections.find((s: { type: string }) => s.type === 'suggested');
    expect(suggested.title).toBe('Suggested for you');
    expect(suggested.items[0]).toMatchObject({ position: 0, user: { pk: popular.user.id, search_social_context: `Followed by ${friend.user.username}` } });
    expect((await viewer.agent.get('/web/search/nullstate_dynamic_sections/?type=hashtag')).body.sections).toEqual([]);
    expect((await viewer.agent.get('/web/search/nullstate_dynamic_sections/?type=nope')).status).toBe(400);
    await viewer.agent.post('/web/search/hide_search_entities/', { section: '["suggested"]' });
    expect((await viewer.agent.get('/web/search/nullstate_dynamic_sections/?type=blended')).body.sections).toEqual([]);
  });

  it('the history and the null state are the logged-in viewer\'s: a visitor gets 401', async () => {
    const visitor = new Agent(t.app);
    expect((await visitor.get('/web/search/recent_searches/')).status).toBe(401);
    expect((await visitor.get('/web/search/nullstate_dynamic_sections/?type=blended')).status).toBe(401);
    expect((await visitor.post('/web/search/register_recent_search/', { entity_type: 'user', entity_id: '1' })).status).toBe(401);
    expect((await visitor.post('/web/search/hide_search_entities/', { user: '[]' })).status).toBe(401);
    expect((await visitor.post('/web/search/clear_search_history/')).status).toBe(401);
  });
});
