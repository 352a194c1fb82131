import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_GROUP_MAX_MEMBERS, directPaths } from '@shutter/contract';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { directOver, RecordingPublisher } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import type { Direct } from '../src/features/direct/service.js';

let t: TestApp;
let direct: Direct;
const publisher = new RecordingPublisher();
beforeAll(async () => {
  t = await createTestApp({ directPublisher: publisher });
  ({ direct } = directOver(t, publisher));
});
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
let n = 0;
const say = (from: Person, threadId: string, text = `hello ${(n += 1)}`) => direct.deliver(from.user.id, threadId, { type: 'text', text }, null);
const create = (agent: Agent, ids: string[]) => agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify(ids) });
const inbox = async (p: Person, query = '') => (await p.agent.get(`/direct_v2/web/inbox/${query}`)).body;
const requests = async (p: Person) => (await p.agent.get('/direct_v2/web/pending_inbox/')).body;
const threadIdsOf = (body: { inbox: { threads: { thread_id: string }[] } }) => body.inbox.threads.map((x) => x.thread_id);
const badge = async (p: Person) => (await p.agent.get('/direct_v2/web/get_badge_count/?no_raven=1')).body;

/** A one-to-one thread between two people, the second following the first (so it lands in their inbox). */
async function friends() {
  const [a, b] = [await person(), await person()];
  await follow(t.db, b.user.id, a.user.id);
  const threadId = (await create(a.agent, [b.user.id])).body.thread_id as string;
  return { a, b, threadId };
}

describe(`direct: threads and the inbox (${databaseKind})`, () => {
  it('R-002-direct-api-9: create_group_thread with one person answers their one-to-one thread, the same one every time', async () => {
    const [a, b] = [await person(), await person()];
    const first = await create(a.agent, [b.user.id]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'ok', thread: { is_group: false, viewer_id: a.user.id, users: [{ id: b.user.id, pk: b.user.id }], items: [] } });
    expect((await create(a.agent, [b.user.id])).body.thread_id).toBe(first.body.thread_id);
    // From the other side too, and as a JSON array in a JSON body.
    expect((await b.agent.postJson('/direct_v2/web/create_group_thread/', { recipient_users: [a.user.id] })).body.thread_id).toBe(first.body.thread_id);
    expect(await t.db.selectFrom('direct_threads').select('id').where('pair_key', 'like', `%${a.user.id}%`).execute()).toHaveLength(1);
  });

  it('R-002-direct-api-9: with several people it is a new group with its creator as admin', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const res = await create(a.agent, [b.user.id, c.user.id]);
    expect(res.body.thread).toMatchObject({ is_group: true, admin_user_ids: [a.user.id], named: false, inviter: { id: a.user.id } });
    expect(res.body.thread.users.map((u: { id: string }) => u.id).sort()).toEqual([b.user.id, c.user.id].sort());
    expect(res.body.thread.thread_title).toBe([b.user.username, c.user.username].join(', '));
    expect((await create(a.agent, [b.user.id, c.user.id])).body.thread_id).not.toBe(res.body.thread_id);
  });

  it('create_group_thread refuses no one (400), too many (400), unknown people (404), and blocks as the access rules tell them', async () => {
    const [a, b, blocker, blocked] = [await person(), await person(), await person(), await person()];
    expect((await create(a.agent, [])).body.code).toBe('direct_recipients_invalid');
    expect((await create(a.agent, [a.user.id])).status).toBe(400);
    const many = Array.from({ length: DIRECT_GROUP_MAX_MEMBERS }, (_, i) => String(9_000_000 + i));
    const full = await create(a.agent, many);
    expect([full.status, full.body.code]).toEqual([400, 'direct_group_full']);
    const unknown = await create(a.agent, ['9999999999']);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'user_not_found']);
    expect((await create(a.agent, ['not-an-id'])).status).toBe(400);
    // Someone who blocked the viewer is as absent as an unknown account; someone the viewer blocked is refused.
    await blocker.agent.post(`/web/friendships/${a.user.id}/block/`);
    const hidden = await create(a.agent, [blocker.user.id]);
    expect([hidden.status, hidden.body.code]).toEqual([404, 'user_not_found']);
    expect((await create(a.agent, [b.user.id, blocker.user.id])).status).toBe(404);
    await a.agent.post(`/web/friendships/${blocked.user.id}/block/`);
    const refused = await create(a.agent, [blocked.user.id]);
    expect([refused.status, refused.body.code]).toEqual([403, 'direct_cannot_message']);
    expect(await t.db.selectFrom('direct_members').select('thread_id').where('user_id', 'in', [blocker.user.id, blocked.user.id]).execute()).toHaveLength(0);
  });

  it('R-002-direct-api-1: the inbox lists threads by latest activity with their newest messages, the viewer and their sequence number', async () => {
    const { a, b, threadId } = await friends();
    const other = await friends();
    await say(a, threadId, 'first');
    await direct.deliver(other.a.user.id, other.threadId, { type: 'text', text: 'elsewhere' }, null);
    await follow(t.db, b.user.id, other.a.user.id);
    const { threadId: second } = await direct.createThread(other.a.user.id, [b.user.id]);
    await direct.deliver(other.a.user.id, second, { type: 'text', text: 'second' }, null);
    const body = await inbox(b, '?persistentBadging=true');
    expect(body.status).toBe('ok');
    expect(body.viewer).toMatchObject({ id: b.user.id, pk: b.user.id, username: b.user.username });
    expect(threadIdsOf(body)).toEqual([second, threadId]);
    expect(body.inbox.threads[1].items.map((i: { text: string }) => i.text)).toEqual(['first']);
    expect(body.inbox.threads[1].items[0]).toMatchObject({ item_type: 'text', user_id: a.user.id, client_context: null });
    expect(body.seq_id).toBe(Number((await t.db.selectFrom('direct_seq').select('seq').where('user_id', '=', b.user.id).executeTakeFirstOrThrow()).seq));
    expect(body.snapshot_at_ms).toBeGreaterThan(Date.now() - 60_000);
    expect(body.inbox.unseen_count).toBe(2);

    const page1 = await inbox(b, '?limit=1&thread_message_limit=1');
    expect(threadIdsOf(page1)).toEqual([second]);
    expect(page1.inbox.has_older).toBe(true);
    const page2 = await inbox(b, `?limit=1&cursor=${page1.inbox.oldest_cursor}`);
    expect(threadIdsOf(page2)).toEqual([threadId]);
    expect(page2.inbox.has_older).toBe(false);
    expect((await b.agent.get('/direct_v2/web/inbox/?limit=21')).status).toBe(400);
    expect((await b.agent.get('/direct_v2/web/inbox/?cursor=bm9wZQ')).status).toBe(400);
    expect((await new Agent(t.app).get('/direct_v2/web/inbox/')).status).toBe(401);
  });

  it('R-002-direct-api-3: a thread pages to older messages by cursor', async () => {
    const { a, b, threadId } = await friends();
    for (let i = 0; i < 5; i += 1) await say(a, threadId, `m${i}`);
    const first = (await b.agent.get(`/direct_v2/web/threads/${threadId}/?limit=2`)).body.thread;
    expect(first.items.map((i: { text: string }) => i.text)).toEqual(['m4', 'm3']);
    expect(first.has_older).toBe(true);
    const next = (await b.agent.get(`/direct_v2/web/threads/${threadId}/?limit=2&cursor=${first.oldest_cursor}`)).body.thread;
    expect(next.items.map((i: { text: string }) => i.text)).toEqual(['m2', 'm1']);
    const last = (await b.agent.get(`/direct_v2/web/threads/${threadId}/?limit=2&cursor=${next.oldest_cursor}`)).body.thread;
    expect(last.items.map((i: { text: string }) => i.text)).toEqual(['m0']);
    expect([last.has_older, last.oldest_cursor]).toEqual([false, null]);
    expect((await b.agent.get(`/direct_v2/web/threads/${threadId}/?limit=51`)).status).toBe(400);
  });

  it('a thread is its members\' only: others get 404 thread_not_found for it and its items', async () => {
    const { a, threadId } = await friends();
    const item = await say(a, threadId);
    const stranger = await person();
    const read = await stranger.agent.get(`/direct_v2/web/threads/${threadId}/`);
    expect([read.status, read.body.code]).toEqual([404, 'thread_not_found']);
    for (const action of ['seen', 'delete', 'like', 'unlike']) {
      expect((await stranger.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/${action}/`)).status, action).toBe(404);
    }
    for (const action of ['mute', 'unmute', 'hide', 'leave']) expect((await stranger.agent.post(`/direct_v2/web/threads/${threadId}/${action}/`)).status, action).toBe(404);
    expect((await stranger.agent.post(`/direct_v2/web/threads/${threadId}/update_title/`, { title: 'mine' })).status).toBe(404);
    await expect(say(stranger, threadId)).rejects.toMatchObject({ statusCode: 404 });
    expect((await stranger.agent.get('/direct_v2/web/threads/12345/')).status).toBe(404);
  });
});

describe(`direct: message requests (${databaseKind})`, () => {
  it('R-002-direct-api-2: a first message from someone the recipient does not follow waits in their requests, outside the inbox and the badge', async () => {
    const [a, b] = [await person(), await person()];
    const threadId = (await create(a.agent, [b.user.id])).body.thread_id;
    // An empty thread is its creator's only.
    expect(threadIdsOf(await requests(b))).toEqual([]);
    await say(a, threadId);
    const pending = await requests(b);
    expect(threadIdsOf(pending)).toEqual([threadId]);
    expect(pending.inbox.threads[0].pending).toBe(true);
    expect(pending.pending_requests_total).toBe(1);
    expect(threadIdsOf(await inbox(b))).toEqual([]);
    expect((await inbox(b)).pending_requests_total).toBe(1);
    expect((await badge(b)).badge_count).toBe(0);
    // The sender's own side is an ordinary thread.
    expect(threadIdsOf(await inbox(a))).toEqual([threadId]);
    expect((await inbox(a)).inbox.threads[0].pending).toBe(false);
  });

  it('R-002-direct-11: approving a pending thread marks it non-pending and moves it to the inbox (R-002-direct-api-5, thread_ids as a JSON list)', async () => {
    const [a, b] = [await person(), await person()];
    const threadId = (await create(a.agent, [b.user.id])).body.thread_id;
    await say(a, threadId);
    publisher.clear();
    expect((await b.agent.post('/direct_v2/web/threads/approve_multiple/', { thread_ids: JSON.stringify([threadId]) })).body).toEqual({ status: 'ok' });
    expect(threadIdsOf(await requests(b))).toEqual([]);
    const box = await inbox(b);
    expect(threadIdsOf(box)).toEqual([threadId]);
    expect(box.inbox.threads[0].pending).toBe(false);
    expect((await badge(b)).badge_count).toBe(1);
    const told = publisher.of(b.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ event: 'patch', data: [{ op: 'replace', path: directPaths.inboxThread(threadId), value: { pending: false } }, { path: directPaths.unseenCount, value: 1 }] });
    // Again: nothing left to approve, still ok.
    expect((await b.agent.postJson('/direct_v2/web/threads/approve_multiple/', { thread_ids: [threadId] })).status).toBe(200);
    expect((await b.agent.post('/direct_v2/web/threads/approve_multiple/', { thread_ids: 'nope' })).status).toBe(400);
  });

  it('reading a request tells its sender nothing until it is accepted', async () => {
    const [a, b] = [await person(), await person()];
    const threadId = (await create(a.agent, [b.user.id])).body.thread_id;
    const item = await say(a, threadId);
    publisher.clear();
    expect((await b.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/seen/`)).status).toBe(200);
    expect(publisher.of(a.user.id)).toEqual([]);
    expect(publisher.of(b.user.id)).toHaveLength(1);
    expect((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.last_seen_at).toEqual({});
    await b.agent.post('/direct_v2/web/threads/approve_multiple/', { thread_ids: JSON.stringify([threadId]) });
    expect(Object.keys((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.last_seen_at)).toEqual([b.user.id]);
  });

  it('replying to a request accepts it', async () => {
    const [a, b] = [await person(), await person()];
    const threadId = (await create(a.agent, [b.user.id])).body.thread_id;
    await say(a, threadId);
    await say(b, threadId, 'hi back');
    expect(threadIdsOf(await inbox(b))).toEqual([threadId]);
    expect(threadIdsOf(await requests(b))).toEqual([]);
  });

  it('R-002-direct-api-5: declining selected requests takes them out of the requests; a new message brings a one-to-one request back', async () => {
    const [a, b] = [await person(), await person()];
    const threadId = (await create(a.agent, [b.user.id])).body.thread_id;
    await say(a, threadId);
    expect((await b.agent.post('/direct_v2/web/threads/decline_multiple/', { thread_ids: JSON.stringify([threadId]) })).status).toBe(200);
    expect(threadIdsOf(await requests(b))).toEqual([]);
    expect(threadIdsOf(await inbox(b))).toEqual([]);
    expect(publisher.of(b.user.id).at(-1)).toMatchObject({ data: [{ op: 'remove', path: directPaths.inboxThread(threadId) }] });
    await say(a, threadId, 'are you there?');
    expect(threadIdsOf(await requests(b))).toEqual([threadId]);
  });

  it('R-002-direct-api-4: approve_all and decline_all act on every request and ask the client to reload', async () => {
    const [b, x, y, z] = [await person(), await person(), await person(), await person()];
    const ids: string[] = [];
    for (const from of [x, y, z]) {
      const threadId = (await create(from.agent, [b.user.id])).body.thread_id;
      await say(from, threadId);
      ids.push(threadId);
    }
    expect((await requests(b)).pending_requests_total).toBe(3);
    expect((await b.agent.post('/direct_v2/web/threads/decline_multiple/', { thread_ids: JSON.stringify([ids[0]]) })).status).toBe(200);
    publisher.clear();
    expect((await b.agent.post('/direct_v2/web/threads/approve_all/')).body).toEqual({ status: 'ok' });
    expect(threadIdsOf(await inbox(b)).sort()).toEqual([ids[1], ids[2]].sort());
    expect(publisher.of(b.user.id)).toEqual([{ event: 'snapshot', seq_id: expect.any(Number) }]);

    const [c, v, w] = [await person(), await person(), await person()];
    for (const from of [v, w]) await say(from, (await create(from.agent, [c.user.id])).body.thread_id);
    expect((await c.agent.post('/direct_v2/web/threads/decline_all/')).status).toBe(200);
    expect((await requests(c)).pending_requests_total).toBe(0);
    expect(threadIdsOf(await inbox(c))).toEqual([]);
    expect((await c.agent.post('/direct_v2/web/threads/decline_all/', {}, { csrf: false })).status).toBe(403);
  });

  it('a group from someone one does not follow is a request; declining it leaves the group', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await follow(t.db, c.user.id, a.user.id);
    const threadId = (await create(a.agent, [b.user.id, c.user.id])).body.thread_id;
    expect(threadIdsOf(await requests(b))).toEqual([threadId]);
    expect(threadIdsOf(await inbox(c))).toEqual([threadId]);
    await b.agent.post('/direct_v2/web/threads/decline_multiple/', { thread_ids: JSON.stringify([threadId]) });
    expect((await b.agent.get(`/direct_v2/web/threads/${threadId}/`)).status).toBe(404);
    expect((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.left_users.map((u: { id: string }) => u.id)).toEqual([b.user.id]);
  });
});
