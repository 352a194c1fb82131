import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_PRESENCE_ACTIVE_MS, DIRECT_RANKED_RECIPIENTS_MAX } from '@shutter/contract';
import { createAccess } from '../src/features/access/service.js';
import { createAccessRepository } from '../src/features/access/repository.js';
import { createBroadcastRepository } from '../src/features/direct/broadcast.repository.js';
import { createPresence } from '../src/features/direct/presence.js';
import type { Direct } from '../src/features/direct/service.js';
import { createIdGenerator } from '../src/platform/ids.js';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let direct: Direct;
beforeAll(async () => {
  t = await createTestApp();
  direct = directOver(t).direct;
});
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
const nextId = createIdGenerator(4004);
let made = 0;

/** Accounts written straight into the database: the picker only reads them, and signups are slow. */
async function accounts(n: number, stem = 'pick'): Promise<string[]> {
  const rows = Array.from({ length: n }, () => {
    made += 1;
    const username = `${stem}${process.pid % 1000}_${made}_${Math.floor(Math.random() * 1000)}`;
    return { id: nextId(), username, username_lower: username.toLowerCase(), email: `${username}@example.org`, email_lower: `${username}@example.org`, password_hash: 'x' };
  });
  await t.db.insertInto('users').values(rows).execute();
  return rows.map((r) => r.id);
}

const recipients = (agent: Agent, query: Record<string, string> = {}) =>
  agent.get(`/direct_v2/web/ranked_recipients/?${new URLSearchParams({ mode: 'reshare', ...query }).toString()}`);
const peopleIn = (body: { ranked_recipients: { user?: { pk: string } }[] }) => body.ranked_recipients.flatMap((r) => (r.user ? [r.user.pk] : []));
const threadsIn = (body: { ranked_recipients: { thread?: { thread_id: string } }[] }) => body.ranked_recipients.flatMap((r) => (r.thread ? [r.thread.thread_id] : []));
const say = (from: string, threadId: string, text = 'hi') => direct.deliver(from, threadId, { type: 'text', text }, null);

describe(`ranked recipients (${databaseKind})`, () => {
  it('R-002-direct-api-8: with no query, the people of the most recent threads come first, then those the viewer followed most recently; never the viewer nor anyone a block stands between', async () => {
    const viewer = await person();
    const [older, newer, followedFirst, followedLast, blocker, blocked] = await accounts(6);
    const [threadOld, threadNew] = [
      (await direct.createThread(viewer.user.id, [older!])).threadId,
      (await direct.createThread(viewer.user.id, [newer!])).threadId,
    ];
    await say(viewer.user.id, threadNew);
    await say(viewer.user.id, threadOld);
    await follow(t.db, viewer.user.id, followedFirst!);
    await follow(t.db, viewer.user.id, followedLast!);
    // Someone followed who is also in a thread comes once, in the thread's place.
    await follow(t.db, viewer.user.id, newer!);
    await direct.createThread(viewer.user.id, [blocker!]);
    await follow(t.db, viewer.user.id, blocked!);
    await t.db.insertInto('blocks').values([
      { blocker_id: blocker!, blocked_id: viewer.user.id, id: nextId() },
      { blocker_id: viewer.user.id, blocked_id: blocked!, id: nextId() },
    ]).execute();

    const res = await recipients(viewer.agent);
    expect(res.status, res.text).toBe(200);
    expect(peopleIn(res.body)).toEqual([older, newer, followedLast, followedFirst]);
    expect(res.body).toMatchObject({ filtered: false, status: 'ok', expires: expect.any(Number) });
    expect(res.body.ranked_recipients[0].user).toMatchObject({ pk: older, id: older, username: expect.any(String), profile_pic_url: expect.any(String) });
  });

  it(`R-002-direct-api-8: the list holds at most ${DIRECT_RANKED_RECIPIENTS_MAX}`, async () => {
    const viewer = await person();
    for (const id of await accounts(DIRECT_RANKED_RECIPIENTS_MAX + 5)) await follow(t.db, viewer.user.id, id);
    const res = await recipients(viewer.agent, { mode: 'raven' });
    expect(res.status).toBe(200);
    expect(res.body.ranked_recipients).toHaveLength(DIRECT_RANKED_RECIPIENTS_MAX);
  });

  it('R-002-direct-api-8: with a query, matching people come with those the viewer follows first, and blocked people never', async () => {
    const viewer = await person();
    const stem = `qz${Date.now().toString(36)}`;
    const [exact] = await accounts(1, stem);
    await t.db.updateTable('users').set({ username: stem, username_lower: stem }).where('id', '=', exact!).execute();
    const [followed, blocked, other] = await accounts(3, stem);
    await follow(t.db, viewer.user.id, followed!);
    await t.db.insertInto('blocks').values({ blocker_id: blocked!, blocked_id: viewer.user.id, id: nextId() }).execute();

    const res = await recipients(viewer.agent, { query: stem });
    expect(res.status, res.text).toBe(200);
    // The exact name would lead the people search; here the followed person leads.
    expect(peopleIn(res.body)).toEqual([followed, exact, other]);
    expect(res.body.filtered).toBe(true);
    const self = await recipients(viewer.agent, { query: viewer.user.username });
    expect(peopleIn(self.body)).not.toContain(viewer.user.id);
  });

  it("with show_threads, the viewer's group threads come first, narrowed by their title or their members' names", async () => {
    const viewer = await person();
    const stem = `grp${Date.now().toString(36)}`;
    const [a, b] = await accounts(2, stem);
    const [d, e] = await accounts(2);
    const named = (await direct.createThread(viewer.user.id, [d!, e!])).threadId;
    await direct.updateTitle(viewer.user.id, named, `Trip ${stem}`);
    const byMember = (await direct.createThread(viewer.user.id, [a!, d!])).threadId;
    const unrelated = (await direct.createThread(viewer.user.id, [d!, e!])).threadId;
    const oneToOne = (await direct.createThread(viewer.user.id, [b!])).threadId;

    const all = await recipients(viewer.agent, { show_threads: 'true' });
    expect(threadsIn(all.body).sort()).toEqual([named, byMember, unrelated].sort());
    expect(threadsIn(all.body)).not.toContain(oneToOne);
    expect(all.body.ranked_recipients.slice(0, 3).every((r: { thread?: unknown }) => r.thread)).toBe(true);

    const narrowed = await recipients(viewer.agent, { query: stem, show_threads: '1' });
    expect(threadsIn(narrowed.body).sort()).toEqual([named, byMember].sort());
    const group = narrowed.body.ranked_recipients.find((r: { thread?: { thread_id: string } }) => r.thread?.thread_id === named).thread;
    expect(group.thread_title).toBe(`Trip ${stem}`);
    expect(group.users.map((u: { pk: string }) => u.pk).sort()).toEqual([d, e].sort());
    expect(threadsIn((await recipients(viewer.agent, { query: stem })).body)).toEqual([]);
  });

  it('needs a session, and a known mode', async () => {
    const viewer = await person();
    expect((await recipients(new Agent(t.app))).status).toBe(401);
    expect((await recipients(viewer.agent, { mode: 'everyone' })).status).toBe(400);
    expect((await recipients(viewer.agent, { query: 'x'.repeat(101) })).status).toBe(400);
  });
});

describe(`presence (${databaseKind})`, () => {
  const presenceOf = async (agent: Agent) => {
    const res = await agent.get('/direct_v2/web/get_presence/');
    expect(res.status, res.text).toBe(200);
    return res.body.user_presence as Record<string, { is_active: boolean; last_activity_at_ms: number | null }>;
  };

  it('R-002-direct-api-14: presence tells, of the people the viewer talks with, who was seen within DIRECT_PRESENCE_ACTIVE_MS and when each was last seen', async () => {
    const viewer = await person();
    const [friend, quiet, away, stranger, requested, blocker] = await accounts(6);
    for (const other of [friend!, quiet!, away!, blocker!]) {
      const { threadId } = await direct.createThread(viewer.user.id, [other]);
      await say(other, threadId);
    }
    // A request the other has not answered says nothing of them.
    await direct.createThread(viewer.user.id, [requested!]);
    const now = Date.now();
    const presence = createPresence({ repo: createBroadcastRepository(t.db), access: createAccess(createAccessRepository(t.db)), onError: (err) => { throw err; } });
    for (const id of [friend!, stranger!, requested!, blocker!]) presence.active(id);
    await t.db.insertInto('direct_presence').values({ user_id: away!, active_at: new Date(now - DIRECT_PRESENCE_ACTIVE_MS - 60_000) }).execute();
    await t.db.insertInto('blocks').values({ blocker_id: blocker!, blocked_id: viewer.user.id, id: nextId() }).execute();
    // The channel does not wait for the writes; the test does.
    const written = () => t.db.selectFrom('direct_presence').select('user_id').where('user_id', 'in', [friend!, stranger!, requested!, blocker!]).execute();
    for (let tries = 0; (await written()).length < 4 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));

    const seen = await presenceOf(viewer.agent);
    expect(Object.keys(seen).sort()).toEqual([friend!, quiet!, away!].sort());
    expect(seen[friend!]!.is_active).toBe(true);
    expect(seen[friend!]!.last_activity_at_ms).toBeGreaterThanOrEqual(now - 1000);
    expect(seen[away!]).toEqual({ is_active: false, last_activity_at_ms: now - DIRECT_PRESENCE_ACTIVE_MS - 60_000 });
    expect(seen[quiet!]).toEqual({ is_active: false, last_activity_at_ms: null });
    expect((await new Agent(t.app).get('/direct_v2/web/get_presence/')).status).toBe(401);
  });

  it("the channel's signs of life are one write per person per half minute on an instance, and a failed write is tried again", async () => {
    const writes: string[] = [];
    let clock = 1_000_000;
    let failing = true;
    const presence = createPresence({
      repo: {
        touchPresence: async (userId) => { writes.push(userId); if (failing) throw new Error('down'); },
        presenceOf: async () => new Map(), peers: async () => [],
      },
      access: { blockedAmong: async () => new Set() },
      onError: () => undefined,
      now: () => clock,
    });
    presence.active('1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    failing = false;
    presence.active('1');
    presence.active('1');
    clock += 10_000;
    presence.active('1');
    presence.active('2');
    clock += 30_000;
    presence.active('1');
    expect(writes).toEqual(['1', '1', '2', '1']);
  });
});
