import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The suggestions service on the test database: who is suggested to whom, and who never is. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;

const suggestedIds = async (viewerId: string, seen: string[] = []) => (await s.suggestions.list(viewerId, 50, seen)).edges.map((e) => e.node.user.id);

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`suggestions service (${databaseKind})`, () => {
  it('friends of friends come first, told by who follows them; more mutual follows rank higher', async () => {
    const [me, a, b, one, two] = [await seed.user('me'), await seed.user('a'), await seed.user('b'), await seed.user('one'), await seed.user('two')];
    await follow(t.db, me, a);
    await follow(t.db, me, b);
    await follow(t.db, a, one);
    await follow(t.db, a, two);
    await follow(t.db, b, two);
    const { edges } = await s.suggestions.list(me, 50, []);
    expect(edges.slice(0, 2).map((e) => e.node.user.id)).toEqual([two, one]);
    expect(edges[0]!.node.description_message).toMatchObject({ code: 'followed_by_more', params: { count: 1 } });
    expect(edges[1]!.node.description_message).toEqual({ code: 'followed_by', params: { username: await seed.username(a) } });
  });

  it('never suggests oneself, someone followed, requested, blocked either way, dismissed or already shown', async () => {
    const me = await seed.user('me');
    const hub = await seed.user('hub');
    const [followed, requested, blocked, blocker, dismissed, shown, fresh] = [
      await seed.user('followed'), await seed.user('requested', { private: true }), await seed.user('blocked'), await seed.user('blocker'),
      await seed.user('dismissed'), await seed.user('shown'), await seed.user('fresh'),
    ];
    await follow(t.db, me, hub);
    for (const x of [me, followed, requested, blocked, blocker, dismissed, shown, fresh]) await follow(t.db, hub, x);
    await follow(t.db, me, followed);
    await s.friendships.follow(me, requested);
    await s.friendships.block(me, blocked);
    await s.friendships.block(blocker, me);
    await s.suggestions.dismiss(me, dismissed);
    const ids = await suggestedIds(me, [shown]);
    expect(ids).toContain(fresh);
    for (const never of [me, hub, followed, requested, blocked, blocker, dismissed, shown]) expect(ids).not.toContain(never);
  });

  it('with no friends of friends, the most followed accounts are suggested as popular', async () => {
    const [lonely, star] = [await seed.user('lonely'), await seed.user('star')];
    for (let i = 0; i < 3; i++) await follow(t.db, await seed.user('fan'), star);
    const { edges } = await s.suggestions.list(lonely, 50, []);
    const starEdge = edges.find((e) => e.node.user.id === star);
    expect(starEdge?.node.description_message).toEqual({ code: 'popular' });
    expect(await s.suggestions.count(lonely)).toBeGreaterThanOrEqual(1);
  });

  it('similar accounts around someone are none when they turned similar-account suggestions off', async () => {
    const [viewer, target, near] = [await seed.user('viewer'), await seed.user('target'), await seed.user('near')];
    const fan = await seed.user('fan');
    await follow(t.db, fan, target);
    await follow(t.db, fan, near);
    expect((await s.suggestions.similar(viewer, target, 10)).edges.map((e) => e.node.user.id)).toContain(near);
    await t.db.updateTable('users').set({ chaining_enabled: false }).where('id', '=', target).execute();
    expect((await s.suggestions.similar(viewer, target, 10)).edges).toEqual([]);
  });
});
