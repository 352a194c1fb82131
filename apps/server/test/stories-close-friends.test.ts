import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_FRIENDS_MAX, CLOSE_FRIENDS_PAGE } from '@shutter/contract';
import { createIdGenerator } from '../src/platform/ids.js';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
type Person = Awaited<ReturnType<typeof person>>;
const list = (p: Person, params: Record<string, string> = {}) => p.agent.get(`/web/close_friends/?${new URLSearchParams(params)}`);
const set = (p: Person, body: { add?: string[]; remove?: string[] }) => p.agent.postJson('/web/close_friends/set/', body);
const ids = (res: { body: { users: { id: string }[] } }) => res.body.users.map((u) => u.id);

const nextId = createIdGenerator(4092);
/** Quiet accounts made straight in the database (no password hashing), following `ownerId`. */
async function followersOf(ownerId: string, n: number, prefix: string): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const username = `${prefix}${i}_${Math.floor(Math.random() * 1e6)}`;
    return { id: nextId(), username, username_lower: username, email: `${username}@example.org`, email_lower: `${username}@example.org`, password_hash: 'x' };
  });
  await t.db.insertInto('users').values(rows).execute();
  for (const r of rows) await follow(t.db, r.id, ownerId);
  return rows.map((r) => r.id);
}

describe(`the close friends list (${databaseKind})`, () => {
  it('lists followers with close friends first, marks them, and counts them', async () => {
    const owner = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    for (const p of [a, b, c]) await follow(t.db, p.user.id, owner.user.id);
    const stranger = await person();
    expect((await set(owner, { add: [b.user.id, stranger.user.id] })).body).toEqual({ count: 2, status: 'ok' });
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    const marks = Object.fromEntries(res.body.users.map((u: { id: string; is_close_friend: boolean }) => [u.id, u.is_close_friend]));
    expect(marks).toEqual({ [b.user.id]: true, [stranger.user.id]: true, [a.user.id]: false, [c.user.id]: false });
    expect(ids(res).slice(0, 2).sort()).toEqual([b.user.id, stranger.user.id].sort());
    expect(ids(res).slice(2)).toEqual([c.user.id, a.user.id]);

    const filtered = await list(owner, { query: b.user.username.toUpperCase() });
    expect(ids(filtered)).toEqual([b.user.id]);
    expect((await list(owner, { query: '%' })).body.users).toEqual([]);

    expect((await set(owner, { remove: [b.user.id] })).body.count).toBe(1);
    expect((await list(owner)).body.users.find((u: { id: string }) => u.id === b.user.id).is_close_friend).toBe(false);
  });

  it('pages by keyset across close friends and the other followers', async () => {
    const owner = await person();
    const fans = await followersOf(owner.user.id, CLOSE_FRIENDS_PAGE + 5, 'cfpage');
    const friends = fans.slice(0, 3);
    await set(owner, { add: friends });
    const first = await list(owner);
    expect(first.body.users).toHaveLength(CLOSE_FRIENDS_PAGE);
    expect(first.body.page_info.has_next_page).toBe(true);
    const second = await list(owner, { after: first.body.page_info.end_cursor });
    expect(second.body.page_info.has_next_page).toBe(false);
    const all = [...ids(first), ...ids(second)];
    expect(new Set(all).size).toBe(fans.length);
    expect(all.slice(0, 3).sort()).toEqual([...friends].sort());
    expect((await list(owner, { after: 'bm9wZQ' })).status).toBe(400);
  });

  it('refuses accounts that do not exist, oneself, and anyone a block stands between, writing nothing', async () => {
    const owner = await person();
    const fine = await person();
    const blocked = await person();
    const blocker = await person();
    await owner.agent.post(`/web/friendships/${blocked.user.id}/block/`);
    await blocker.agent.post(`/web/friendships/${owner.user.id}/block/`);
    for (const bad of [blocked.user.id, blocker.user.id, owner.user.id, '987654321987']) {
      const res = await set(owner, { add: [fine.user.id, bad] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'fail', code: 'close_friends_unavailable' });
    }
    expect((await list(owner)).body.count).toBe(0);
    expect((await set(owner, { add: ['x1'] })).status).toBe(400);
  });

  it('a close friend blocked later drops out of the list and its count', async () => {
    const owner = await person();
    const friend = await person();
    await follow(t.db, friend.user.id, owner.user.id);
    await set(owner, { add: [friend.user.id] });
    await friend.agent.post(`/web/friendships/${owner.user.id}/block/`);
    const res = await list(owner);
    expect(res.body.count).toBe(0);
    expect(res.body.users).toEqual([]);
  });

  it('stops at the longest list allowed, keeping the list as it was', async () => {
    const owner = await person();
    const many = await followersOf(owner.user.id, CLOSE_FRIENDS_MAX, 'cfmax');
    await t.db.insertInto('close_friends').values(many.map((friend_id) => ({ owner_id: owner.user.id, friend_id }))).execute();
    const extra = await person();
    const res = await set(owner, { add: [extra.user.id], remove: [] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'close_friends_many', params: { max: CLOSE_FRIENDS_MAX } });
    expect((await list(owner)).body.count).toBe(CLOSE_FRIENDS_MAX);
    // Swapping one for another stays within it.
    expect((await set(owner, { add: [extra.user.id], remove: [many[0]!] })).body.count).toBe(CLOSE_FRIENDS_MAX);
  });

  it('needs a session and the csrf header', async () => {
    const visitor = new Agent(t.app);
    expect((await visitor.get('/web/close_friends/')).status).toBe(401);
    expect((await visitor.postJson('/web/close_friends/set/', { add: [] })).status).toBe(401);
    const owner = await person();
    expect((await owner.agent.request('POST', '/web/close_friends/set/', { json: { add: [] }, csrf: false })).status).toBe(403);
  });
});
