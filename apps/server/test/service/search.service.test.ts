import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The search service on the test database: who finds whom, and the recent searches each person keeps. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;

const search = (viewerId: string | null, query: string, context: 'blended' | 'user' | 'hashtag' | 'place' = 'blended') =>
  s.search.topsearch(viewerId, { context, query, rankToken: null, near: null });
const foundPeople = async (viewerId: string | null, query: string) => (await search(viewerId, query)).users.map((u) => u.user.id);
const recentRows = async (viewerId: string) => t.db.selectFrom('recent_searches').select(['kind', 'entity_id']).where('user_id', '=', viewerId).execute();

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`search service (${databaseKind})`, () => {
  it('people are found by their name\'s start, private accounts too; the exact username comes first', async () => {
    const [viewer, near, exact] = [await seed.user('viewer'), await seed.user('quillon'), await seed.user('quill', { private: true })];
    const exactName = await seed.username(exact);
    const found = await foundPeople(viewer, exactName);
    expect(found[0]).toBe(exact);
    expect(await foundPeople(null, 'quill')).toEqual(expect.arrayContaining([near, exact]));
  });

  it('a block hides people from each other\'s search, both ways', async () => {
    const [blocker, blocked, bystander] = [await seed.user('marrowblock'), await seed.user('marrowpest'), await seed.user('marrowview')];
    await s.friendships.block(blocker, blocked);
    expect(await foundPeople(blocker, 'marrow')).not.toContain(blocked);
    expect(await foundPeople(blocked, 'marrow')).not.toContain(blocker);
    expect(await foundPeople(bystander, 'marrow')).toEqual(expect.arrayContaining([blocker, blocked]));
  });

  it('people the viewer follows come before strangers of the same closeness, with the social context', async () => {
    const viewer = await seed.user('viewer');
    const [stranger, friend] = [await seed.user('plinthe'), await seed.user('plinthe')];
    await follow(t.db, viewer, friend);
    const answer = await search(viewer, 'plinth');
    const ids = answer.users.map((u) => u.user.id);
    expect(ids.indexOf(friend)).toBeLessThan(ids.indexOf(stranger));
    expect(answer.users.find((u) => u.user.id === friend)?.user.search_social_context_message).toEqual({ code: 'search_following' });
  });

  it('a hashtag is found only while it has a post anyone may see', async () => {
    const [open, hidden] = [await seed.user('open'), await seed.user('hidden', { private: true })];
    const tagOpen = `vellum${Date.now() % 1e6}`;
    const tagHidden = `vellumx${Date.now() % 1e6}`;
    await seed.post(open, { hashtags: [tagOpen] });
    await seed.post(hidden, { hashtags: [tagHidden] });
    const names = (await search(null, `#vellum`)).hashtags.map((h) => h.hashtag.name);
    expect(names).toContain(tagOpen);
    expect(names).not.toContain(tagHidden);
  });

  it('only what exists for the viewer can be registered as a recent search; nothing else is written', async () => {
    const [viewer, blocker, friend] = [await seed.user('viewer'), await seed.user('blocker'), await seed.user('friend')];
    await s.friendships.block(blocker, viewer);
    await expect(s.search.register(viewer, 'user', blocker)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.search.register(viewer, 'user', '4242424242')).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.search.register(viewer, 'hashtag', 'nosuchtagatall')).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.search.register(viewer, 'place', '4242424242')).rejects.toMatchObject({ statusCode: 404 });
    expect(await recentRows(viewer)).toEqual([]);
    await s.search.register(viewer, 'user', friend);
    expect((await s.search.recent(viewer)).map((r) => r.user?.id ?? null)).toEqual([friend]);
  });

  it('a person blocked after being searched is hidden from the recent list, not forgotten: unblocking brings them back', async () => {
    const [viewer, other] = [await seed.user('viewer'), await seed.user('other')];
    await s.search.register(viewer, 'user', other);
    await s.friendships.block(viewer, other);
    expect(await s.search.recent(viewer)).toEqual([]);
    expect(await recentRows(viewer)).toHaveLength(1);
    await s.friendships.unblock(viewer, other);
    expect((await s.search.recent(viewer)).map((r) => r.user?.id ?? null)).toEqual([other]);
  });

  it('hiding and clearing touch only the viewer\'s own history', async () => {
    const [a, b, target] = [await seed.user('a'), await seed.user('b'), await seed.user('target')];
    await s.search.register(a, 'user', target);
    await s.search.register(b, 'user', target);
    await s.search.hide(a, { user: [target], hashtag: [], place: [], section: [] });
    expect(await recentRows(a)).toEqual([]);
    expect(await recentRows(b)).toHaveLength(1);
    await s.search.register(a, 'user', target);
    await s.search.clear(a);
    expect(await recentRows(a)).toEqual([]);
    expect(await recentRows(b)).toHaveLength(1);
  });

  it('a lone @ suggests people to a signed-in viewer and no one to a visitor', async () => {
    const [viewer, hub, fof] = [await seed.user('viewer'), await seed.user('hub'), await seed.user('fof')];
    await follow(t.db, viewer, hub);
    await follow(t.db, hub, fof);
    expect((await search(viewer, '@')).users.map((u) => u.user.id)).toContain(fof);
    expect((await search(null, '@')).users).toEqual([]);
  });
});
