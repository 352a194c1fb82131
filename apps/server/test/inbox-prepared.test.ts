import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DirectInboxResult } from '@shutter/contract';
import { TOPIC_SEND_MESSAGE } from '@shutter/contract';
import { signedUpAgent } from './helpers/agent.js';
import { listen, type Channel } from './helpers/channel.js';
import { friendsWithThread, openChannel, person, sendText, type Person } from './helpers/chat.js';
import { directOver } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { makeJpeg, multipart, postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { setRoleByUsername } from '../src/features/moderation/roles.js';

type Thread = DirectInboxResult['inbox']['threads'][number];
const BROADCAST = '/direct_v2/web/threads/broadcast';

/**
 * The first page of the inbox is kept ready per viewer and served again without building it:
 * each test reads it (so it is prepared), makes one kind of change, and reads again to see it.
 */
describe(`the prepared first page of the inbox (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const statements = { n: 0 };
  const open: Channel[] = [];
  beforeAll(async () => {
    t = await createTestApp({ countQueries: statements });
    origin = await listen(t.app);
  });
  afterEach(async () => { await Promise.all(open.splice(0).map((c) => c.end())); });
  afterAll(async () => { await t.close(); });

  const inbox = async (p: Person): Promise<DirectInboxResult> => {
    const res = await p.agent.get('/direct_v2/web/inbox/');
    expect(res.status).toBe(200);
    return res.body as DirectInboxResult;
  };
  const threadOf = async (p: Person, threadId: string): Promise<Thread | undefined> => (await inbox(p)).inbox.threads.find((x) => x.thread_id === threadId);
  const texts = async (p: Person, threadId: string) => (await threadOf(p, threadId))?.items.map((i) => i.text ?? i.item_type);
  const send = (channel: Channel, body: Record<string, unknown>) => channel.client.publish(TOPIC_SEND_MESSAGE, JSON.stringify({ action: 'send_item', ...body }), { qos: 1 });
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 20 });
  let n = 0;
  const ctx = () => `ctx-${(n += 1)}`;

  /** Two friends with a one-to-one thread holding one message, both inboxes read since (so kept). */
  async function scene() {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const channel = await openChannel(origin, alice, open);
    sendText(channel, threadId, 'first', ctx());
    await poll(() => texts(bob, threadId)).toEqual(['first']);
    expect(await texts(alice, threadId)).toEqual(['first']);
    return { alice, bob, threadId, channel };
  }

  /** A group of three made by alice, everyone following her, each inbox read since. */
  async function group() {
    const [alice, bob, carol] = [await person(t), await person(t), await person(t)];
    for (const p of [bob, carol]) await follow(t.db, p.id, alice.id);
    const res = await alice.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([bob.id, carol.id]) });
    expect(res.status).toBe(200);
    const threadId = res.body.thread_id as string;
    for (const p of [alice, bob, carol]) expect(await threadOf(p, threadId)).toBeDefined();
    return { alice, bob, carol, threadId };
  }

  it("is served again with no statement but the read of the viewer's sequence number, its JSON made once", async () => {
    const { bob } = await scene();
    const before = await inbox(bob);
    // The first read served from what was prepared asks the access rules, which remember their answer.
    await inbox(bob);
    statements.n = 0;
    const again = await inbox(bob);
    expect(statements.n).toBe(1);
    expect({ ...again, snapshot_at_ms: 0 }).toEqual({ ...before, snapshot_at_ms: 0 });
    expect(again.snapshot_at_ms).toBeGreaterThanOrEqual(before.snapshot_at_ms);
    // Each read stamps its own snapshot time on the text kept.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = await inbox(bob);
    expect(later.snapshot_at_ms).toBeGreaterThan(again.snapshot_at_ms);
    expect({ ...later, snapshot_at_ms: 0 }).toEqual({ ...before, snapshot_at_ms: 0 });
  });

  it('shows a text, a like and a shared post sent over the websocket, to the other member and to the sender', async () => {
    const { alice, bob, threadId, channel } = await scene();
    sendText(channel, threadId, 'second', ctx());
    await poll(() => texts(bob, threadId)).toEqual(['second', 'first']);
    expect(await texts(alice, threadId)).toEqual(['second', 'first']);
    send(channel, { thread_id: threadId, item_type: 'like', client_context: ctx() });
    await poll(() => texts(bob, threadId)).toEqual(['like', 'second', 'first']);
    const media = await postPhoto(alice.agent, 'shared');
    await inbox(bob);
    send(channel, { thread_id: threadId, item_type: 'media_share', media_id: media.id, client_context: ctx() });
    await poll(async () => (await threadOf(bob, threadId))?.items[0]?.item_type).toBe('media_share');
    expect((await threadOf(alice, threadId))?.items.map((i) => i.item_type)).toEqual(['media_share', 'like', 'text', 'text']);
  });

  it('shows a photo and a link sent over HTTP', async () => {
    const { alice, bob, threadId } = await scene();
    const body = multipart({ thread_id: threadId }, { field: 'photo', name: 'photo.jpg', type: 'image/jpeg', data: await makeJpeg(200, 200) });
    const up = await alice.agent.request('POST', `${BROADCAST}/upload_photo/`, { rawBuffer: body.payload, contentType: body.contentType });
    expect(up.status).toBe(200);
    const sent = await alice.agent.post(`${BROADCAST}/configure_photo/`, { action: 'send_item', mutation_token: ctx(), thread_id: threadId, upload_id: up.body.upload_id });
    expect(sent.status).toBe(200);
    expect((await threadOf(bob, threadId))?.items[0]?.item_type).toBe('media');
    const link = await alice.agent.post(`${BROADCAST}/link/`, { link_text: 'see https://example.org', link_urls: JSON.stringify(['https://example.org']), thread_id: threadId, action: 'send_item' });
    expect(link.status).toBe(200);
    expect((await threadOf(bob, threadId))?.items[0]?.item_type).toBe('link');
  });

  it('shows a seen mark, a reaction and drops an unsent message', async () => {
    const { alice, bob, threadId, channel } = await scene();
    sendText(channel, threadId, 'oops', ctx());
    await poll(() => texts(bob, threadId)).toEqual(['oops', 'first']);
    const [oops, first] = (await threadOf(bob, threadId))!.items;

    expect((await threadOf(alice, threadId))?.last_seen_at[bob.id]).toBeUndefined();
    expect((await inbox(bob)).inbox.unseen_count).toBe(1);
    expect((await bob.agent.post(`/direct_v2/web/threads/${threadId}/items/${oops!.item_id}/seen/`)).status).toBe(200);
    expect((await threadOf(alice, threadId))?.last_seen_at[bob.id]?.item_id).toBe(oops!.item_id);
    expect((await inbox(bob)).inbox.unseen_count).toBe(0);

    expect((await bob.agent.post(`/direct_v2/web/threads/${threadId}/items/${first!.item_id}/like/`)).status).toBe(200);
    expect((await threadOf(alice, threadId))?.items[1]?.reactions?.likes_count).toBe(1);
    expect((await bob.agent.post(`/direct_v2/web/threads/${threadId}/items/${first!.item_id}/unlike/`)).status).toBe(200);
    expect((await threadOf(alice, threadId))?.items[1]?.reactions?.likes_count ?? 0).toBe(0);

    expect((await alice.agent.post(`/direct_v2/web/threads/${threadId}/items/${oops!.item_id}/delete/`)).status).toBe(200);
    expect(await texts(bob, threadId)).toEqual(['first']);
  });

  it('shows a thread muted, hidden, and back with its next message', async () => {
    const { bob, threadId, channel } = await scene();
    expect((await bob.agent.post(`/direct_v2/web/threads/${threadId}/mute/`)).status).toBe(200);
    expect((await threadOf(bob, threadId))?.muted).toBe(true);
    expect((await bob.agent.post(`/direct_v2/web/threads/${threadId}/unmute/`)).status).toBe(200);
    expect((await threadOf(bob, threadId))?.muted).toBe(false);
    expect((await bob.agent.post(`/direct_v2/web/threads/${threadId}/hide/`)).status).toBe(200);
    expect(await threadOf(bob, threadId)).toBeUndefined();
    sendText(channel, threadId, 'back', ctx());
    await poll(() => texts(bob, threadId)).toEqual(['back', 'first']);
  });

  it('shows a group renamed, a member added and removed, and someone leaving', async () => {
    const { alice, bob, carol, threadId } = await group();
    expect((await alice.agent.post(`/direct_v2/web/threads/${threadId}/update_title/`, { title: 'Trip' })).status).toBe(200);
    expect((await threadOf(bob, threadId))?.thread_title).toBe('Trip');

    const dave = await person(t);
    await follow(t.db, dave.id, alice.id);
    expect((await threadOf(dave, threadId))).toBeUndefined();
    expect((await alice.agent.post(`/direct_v2/web/threads/${threadId}/add_user/`, { user_ids: JSON.stringify([dave.id]) })).status).toBe(200);
    expect((await threadOf(bob, threadId))?.users.map((u) => u.id)).toContain(dave.id);
    expect(await threadOf(dave, threadId)).toBeDefined();

    expect((await alice.agent.post(`/direct_v2/web/threads/${threadId}/remove_users/`, { user_ids: JSON.stringify([dave.id]) })).status).toBe(200);
    expect((await threadOf(carol, threadId))?.users.map((u) => u.id)).not.toContain(dave.id);
    expect(await threadOf(dave, threadId)).toBeUndefined();

    expect((await carol.agent.post(`/direct_v2/web/threads/${threadId}/leave/`)).status).toBe(200);
    expect(await threadOf(carol, threadId)).toBeUndefined();
    expect((await threadOf(bob, threadId))?.users.map((u) => u.id)).not.toContain(carol.id);
  });

  it('shows a request arriving, accepted, and another declined', async () => {
    const [stranger, other, viewer] = [await person(t), await person(t), await person(t)];
    expect((await inbox(viewer)).pending_requests_total).toBe(0);
    const asked = [] as string[];
    for (const from of [stranger, other]) {
      const res = await from.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([viewer.id]) });
      const threadId = res.body.thread_id as string;
      asked.push(threadId);
      sendText(await openChannel(origin, from, open), threadId, 'hi, may I?', ctx());
    }
    await poll(async () => (await inbox(viewer)).pending_requests_total).toBe(2);
    expect((await viewer.agent.post('/direct_v2/web/threads/approve_multiple/', { thread_ids: JSON.stringify([asked[0]]) })).status).toBe(200);
    const after = await inbox(viewer);
    expect(after.pending_requests_total).toBe(1);
    expect(after.inbox.threads.map((x) => x.thread_id)).toEqual([asked[0]]);
    expect((await viewer.agent.post('/direct_v2/web/threads/decline_multiple/', { thread_ids: JSON.stringify([asked[1]]) })).status).toBe(200);
    expect((await inbox(viewer)).pending_requests_total).toBe(0);
  });

  it("loses a blocked person's messages, and shows them again on unblock", async () => {
    const { alice, bob, threadId } = await scene();
    expect((await alice.agent.post(`/web/friendships/${bob.id}/block/`)).status).toBe(200);
    expect(await texts(bob, threadId) ?? []).toEqual([]);
    expect((await alice.agent.post(`/web/friendships/${bob.id}/unblock/`)).status).toBe(200);
    expect(await texts(bob, threadId)).toEqual(['first']);
  });

  it("loses the messages of an account a moderator suspends", async () => {
    const { alice, bob, threadId } = await scene();
    const mod = await signedUpAgent(t.app);
    expect(await setRoleByUsername(t.db, mod.user.username, 'moderator')).toMatchObject({ ok: true });
    expect((await mod.agent.post(`/api/v1/admin/accounts/${alice.id}/action/`, { type: 'suspend', text: 'Spam account' })).status).toBe(200);
    expect(await texts(bob, threadId) ?? []).toEqual([]);
  });

  it("is built anew when the viewer's sequence number moved: a change committed where it could not be dropped", async () => {
    const { alice, bob, threadId } = await scene();
    // Another process's direct area over the same database, with nothing shared to drop it through.
    const { direct: elsewhere } = directOver(t);
    await elsewhere.deliver(alice.id, threadId, { type: 'text', text: 'from elsewhere' }, null);
    expect(await texts(bob, threadId)).toEqual(['from elsewhere', 'first']);
  });

  it('a client saying which sequence number it was told of is answered with no statement from what was kept, or anew when that is older', async () => {
    const { alice, bob, threadId } = await scene();
    const kept = await inbox(bob);
    await inbox(bob);
    statements.n = 0;
    const told = async (seq: number) => {
      const res = await bob.agent.get(`/direct_v2/web/inbox/?seq_id=${seq}`);
      expect(res.status).toBe(200);
      return res.body as DirectInboxResult;
    };
    expect((await told(kept.seq_id)).seq_id).toBe(kept.seq_id);
    expect(statements.n).toBe(0);
    // A change committed where it could not be dropped, told to the client by its event.
    const { direct: elsewhere, publisher } = directOver(t);
    await elsewhere.deliver(alice.id, threadId, { type: 'text', text: 'from elsewhere' }, null);
    const event = publisher.of(bob.id).at(-1)!;
    expect(event.seq_id).toBeGreaterThan(kept.seq_id);
    const fresh = await told(event.seq_id!);
    expect(statements.n).toBeGreaterThan(0);
    expect(fresh.seq_id).toBeGreaterThanOrEqual(event.seq_id!);
    expect(fresh.inbox.threads.find((x) => x.thread_id === threadId)?.items.map((i) => i.text)).toEqual(['from elsewhere', 'first']);
  });

  it('refuses a sequence number that is not a whole number', async () => {
    const { bob } = await scene();
    for (const bad of ['-1', 'x', '1.5']) expect((await bob.agent.get(`/direct_v2/web/inbox/?seq_id=${bad}`)).status).toBe(400);
  });

  it("hides a shared post once its author goes private, to a viewer who does not follow them", async () => {
    const { alice, bob, threadId, channel } = await scene();
    const author = await person(t);
    const media = await postPhoto(author.agent, 'public for now');
    send(channel, { thread_id: threadId, item_type: 'media_share', media_id: media.id, client_context: ctx() });
    await poll(async () => (await threadOf(bob, threadId))?.items[0]?.media_share?.id).toBe(media.id);
    expect((await threadOf(alice, threadId))?.items[0]?.media_share?.id).toBe(media.id);
    expect((await author.agent.post('/accounts/set_private/')).status).toBe(200);
    expect((await threadOf(bob, threadId))?.items[0]?.media_share ?? null).toBeNull();
  });
});

// The embedded default as it runs: one process on its database (a second one cannot open it), so
// every change of a thread drops the kept inbox here and no read is needed to serve it again.
if (databaseKind === 'pglite') describe('the prepared inbox of the embedded service, the only process on its database', () => {
  let t: TestApp;
  let origin: string;
  const statements = { n: 0 };
  const open: Channel[] = [];
  beforeAll(async () => {
    t = await createTestApp({ countQueries: statements, soleWriter: true });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    await Promise.all(open.splice(0).map((c) => c.end()));
    await t.close();
  });
  const types = async (p: Person, threadId: string) =>
    ((await p.agent.get('/direct_v2/web/inbox/')).body as DirectInboxResult).inbox.threads.find((x) => x.thread_id === threadId)?.items.map((i) => i.item_type);

  it('is served again with no statement, and a message sent drops it', async () => {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const channel = await openChannel(origin, alice, open);
    sendText(channel, threadId, 'first', 'solo-1');
    await expect.poll(() => types(bob, threadId), { timeout: 10_000, interval: 20 }).toEqual(['text']);
    await types(bob, threadId);
    statements.n = 0;
    expect(await types(bob, threadId)).toEqual(['text']);
    expect(statements.n).toBe(0);
    const link = await alice.agent.post(`${BROADCAST}/link/`, { link_text: 'see https://example.org', link_urls: JSON.stringify(['https://example.org']), thread_id: threadId, action: 'send_item' });
    expect(link.status).toBe(200);
    expect(await types(bob, threadId)).toEqual(['link', 'text']);
  });
});
