import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The friendships service on the test database: follows, requests, blocks and the lists, from both sides. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;

const follows = async (followerId: string, followeeId: string) =>
  (await t.db.selectFrom('follows').select('id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute()).length;
const requests = async (requesterId: string, targetId: string) =>
  (await t.db.selectFrom('follow_requests').select('id').where('requester_id', '=', requesterId).where('target_id', '=', targetId).execute()).length;
const events = async (userId: string, actorId: string, type: 'follow' | 'follow_request') =>
  (await t.db.selectFrom('events').select('id').where('user_id', '=', userId).where('actor_id', '=', actorId).where('type', '=', type).execute()).length;

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`friendships service (${databaseKind})`, () => {
  it('following a public account follows it at once, tells it once, and brings its posts into the home feed', async () => {
    const [open, fan] = [await seed.user('open'), await seed.user('fan')];
    const postId = await seed.post(open);
    expect(await s.friendships.follow(fan, open)).toBe('following');
    expect(await s.friendships.follow(fan, open)).toBe('following');
    expect(await follows(fan, open)).toBe(1);
    expect(await events(open, fan, 'follow')).toBe(1);
    const home = await s.feed.timeline(fan, 12, null, 0, 0);
    expect(home.edges.map((e) => e.node.id)).toContain(postId);
  });

  it('following a private account asks once and waits; the owner sees the request', async () => {
    const [owner, asker] = [await seed.user('owner', { private: true }), await seed.user('asker')];
    expect(await s.friendships.follow(asker, owner)).toBe('requested');
    expect(await s.friendships.follow(asker, owner)).toBe('requested');
    expect(await follows(asker, owner)).toBe(0);
    expect(await requests(asker, owner)).toBe(1);
    expect(await events(owner, asker, 'follow_request')).toBe(1);
    const pending = await s.friendships.requests(owner, 10, null);
    expect(pending.count).toBe(1);
    expect(pending.edges.map((e) => e.node.id)).toEqual([asker]);
  });

  it('only the requested account approves: anyone else finds no request, and nothing changes', async () => {
    const [owner, asker, meddler] = [await seed.user('owner', { private: true }), await seed.user('asker'), await seed.user('meddler')];
    await s.friendships.follow(asker, owner);
    await expect(s.friendships.approve(meddler, asker)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.friendships.approve(asker, owner)).rejects.toMatchObject({ statusCode: 404 });
    expect(await requests(asker, owner)).toBe(1);
    expect(await follows(asker, owner)).toBe(0);
    await s.friendships.approve(owner, asker);
    expect(await follows(asker, owner)).toBe(1);
    expect(await requests(asker, owner)).toBe(0);
    // The request in the owner's activity became a follow.
    expect(await events(owner, asker, 'follow_request')).toBe(0);
    expect(await events(owner, asker, 'follow')).toBe(1);
  });

  it('ignoring a request removes it without a follow; ignoring none is a 404', async () => {
    const [owner, asker] = [await seed.user('owner', { private: true }), await seed.user('asker')];
    await s.friendships.follow(asker, owner);
    await s.friendships.ignore(owner, asker);
    expect(await requests(asker, owner)).toBe(0);
    expect(await follows(asker, owner)).toBe(0);
    await expect(s.friendships.ignore(owner, asker)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a block ends follows and requests both ways; the blocked person cannot follow back, the blocker must unblock first', async () => {
    const [a, b] = [await seed.user('blocker', { private: true }), await seed.user('blockee')];
    await follow(t.db, a, b);
    await s.friendships.follow(b, a);
    expect(await requests(b, a)).toBe(1);
    await s.friendships.block(a, b);
    expect(await follows(a, b)).toBe(0);
    expect(await requests(b, a)).toBe(0);
    await expect(s.friendships.follow(b, a)).rejects.toMatchObject({ statusCode: 404, extra: { code: 'user_not_found' } });
    await expect(s.friendships.follow(a, b)).rejects.toMatchObject({ statusCode: 400 });
    expect(await requests(b, a)).toBe(0);
    expect(await follows(a, b)).toBe(0);
    await s.friendships.unblock(a, b);
    expect(await s.friendships.follow(a, b)).toBe('following');
  });

  it('no one follows or blocks themselves, nor an account that does not exist', async () => {
    const me = await seed.user('me');
    await expect(s.friendships.follow(me, me)).rejects.toMatchObject({ statusCode: 400 });
    await expect(s.friendships.block(me, me)).rejects.toMatchObject({ statusCode: 400 });
    await expect(s.friendships.follow(me, '999999999999')).rejects.toMatchObject({ statusCode: 404 });
    expect(await follows(me, me)).toBe(0);
  });

  it('an unfollow takes back the follow\'s notice, so following in a loop tells the account once', async () => {
    const [open, fan] = [await seed.user('open'), await seed.user('fan')];
    await s.friendships.follow(fan, open);
    await s.friendships.unfollow(fan, open);
    expect(await follows(fan, open)).toBe(0);
    expect(await events(open, fan, 'follow')).toBe(0);
    await s.friendships.follow(fan, open);
    expect(await events(open, fan, 'follow')).toBe(1);
  });

  it('going public turns every pending request into a follow', async () => {
    const [owner, x, y] = [await seed.user('owner', { private: true }), await seed.user('x'), await seed.user('y')];
    await s.friendships.follow(x, owner);
    await s.friendships.follow(y, owner);
    await s.friendships.setPrivate(owner, false);
    expect(await follows(x, owner)).toBe(1);
    expect(await follows(y, owner)).toBe(1);
    expect((await s.friendships.requests(owner, 10, null)).count).toBe(0);
  });

  it('a private account\'s lists are for its followers: a stranger and a visitor get 403, a blocked person 404', async () => {
    const [owner, fan, stranger, blocked] = [await seed.user('owner', { private: true }), await seed.user('fan'), await seed.user('stranger'), await seed.user('blocked')];
    await follow(t.db, fan, owner);
    await s.friendships.block(owner, blocked);
    const opts = { mutualOnly: false, mutualFirst: false };
    const list = await s.friendships.list(owner, 'followers', fan, 10, null, opts);
    expect(list.edges.map((e) => e.node.id)).toEqual([fan]);
    await expect(s.friendships.list(owner, 'followers', stranger, 10, null, opts)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.friendships.list(owner, 'following', null, 10, null, opts)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.friendships.list(owner, 'followers', blocked, 10, null, opts)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('mutual first lists the people the viewer follows before the rest, across pages', async () => {
    const [star, viewer] = [await seed.user('star'), await seed.user('viewer')];
    const fans = [await seed.user('f1'), await seed.user('f2'), await seed.user('f3')];
    for (const f of fans) await follow(t.db, f, star);
    await follow(t.db, viewer, fans[0]!);
    const opts = { mutualOnly: false, mutualFirst: true };
    const first = await s.friendships.list(star, 'followers', viewer, 1, null, opts);
    expect(first.edges.map((e) => e.node.id)).toEqual([fans[0]]);
    expect(first.page_info.has_next_page).toBe(true);
    const rest = await s.friendships.list(star, 'followers', viewer, 10, first.page_info.end_cursor, opts);
    expect(rest.edges.map((e) => e.node.id).sort()).toEqual([fans[1], fans[2]].sort());
  });
});
