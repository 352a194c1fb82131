import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { DIRECT_SEND_LIMIT, DIRECT_TEXT_MAX_LENGTH, DIRECT_TYPING_PACE_MS, DIRECT_TYPING_TTL_MS, directPaths, type SyncEvent } from '@shutter/contract';
import { signedUpAgent } from './helpers/agent.js';
import { directOver, RecordingPublisher } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createDirectChannel } from '../src/features/direct/channel.js';
import { DIRECT_SEND_PACE } from '../src/features/direct/routes.js';
import type { Direct } from '../src/features/direct/service.js';
import { keyedLimit, type Pace } from '../src/platform/rate-limits.js';

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
const noLimit = async () => ({ allowed: true, retryInMs: 0 });
const channelOf = (d: Direct = direct, pace: (key: string) => Promise<Pace> = noLimit) => createDirectChannel({ direct: d, pace, onError: (err) => { throw err; } });
const seqsOf = (events: SyncEvent[]) => events.map((e) => e.seq_id);
const storedSeq = async (userId: string) => Number((await t.db.selectFrom('direct_seq').select('seq').where('user_id', '=', userId).executeTakeFirst())?.seq ?? 0);

async function friends(): Promise<{ a: Person; b: Person; threadId: string }> {
  const [a, b] = [await person(), await person()];
  await follow(t.db, b.user.id, a.user.id);
  return { a, b, threadId: (await direct.createThread(a.user.id, [b.user.id])).threadId };
}

describe(`direct: deliver (${databaseKind})`, () => {
  it('a message is stored, then told to every reader with the item, the thread as their inbox shows it and their badge', async () => {
    const { a, b, threadId } = await friends();
    publisher.clear();
    const item = await direct.deliver(a.user.id, threadId, { type: 'text', text: 'hello there' }, 'ctx-1');
    expect(item).toMatchObject({ item_type: 'text', text: 'hello there', user_id: a.user.id, client_context: 'ctx-1', reactions: { likes: [], likes_count: 0 } });
    const [toA] = publisher.of(a.user.id);
    const [toB] = publisher.of(b.user.id);
    expect(toB).toMatchObject({
      event: 'patch',
      seq_id: 1,
      data: [
        { op: 'add', path: directPaths.item(threadId, item.item_id), value: { item_id: item.item_id, text: 'hello there', client_context: null } },
        { op: 'replace', path: directPaths.inboxThread(threadId), value: { thread_id: threadId, viewer_id: b.user.id, users: [{ id: a.user.id }], items: [{ item_id: item.item_id }] } },
        { op: 'replace', path: directPaths.unseenCount, value: 1 },
      ],
    });
    // The sender's own copy carries their client_context, and their own last message leaves the thread seen.
    expect(toA).toMatchObject({ seq_id: 1, data: [{ value: { client_context: 'ctx-1' } }, { value: { viewer_id: a.user.id } }, { value: 0 }] });
  });

  it('R-002-direct-16, R-002-direct-17: a thread whose last message is the viewer\'s own counts as seen, recognised by user id', async () => {
    const { a, b, threadId } = await friends();
    await direct.deliver(a.user.id, threadId, { type: 'text', text: 'mine' }, null);
    expect((await direct.badge(a.user.id)).badge_count).toBe(0);
    expect((await direct.badge(b.user.id)).badge_count).toBe(1);
    await direct.deliver(b.user.id, threadId, { type: 'like' }, null);
    expect((await direct.badge(a.user.id)).badge_count).toBe(1);
    expect((await direct.badge(b.user.id)).badge_count).toBe(0);
  });

  it('R-002-direct-15: a thread counts as seen once the viewer saw its last activity; seen tells every reader and the viewer\'s count', async () => {
    const { a, b, threadId } = await friends();
    const first = await direct.deliver(a.user.id, threadId, { type: 'text', text: 'one' }, null);
    const second = await direct.deliver(a.user.id, threadId, { type: 'text', text: 'two' }, null);
    expect((await b.agent.get('/direct_v2/web/get_badge_count/')).body.badge_count).toBe(1);
    // An older message seen: the newer one still is not.
    expect((await b.agent.post(`/direct_v2/web/threads/${threadId}/items/${first.item_id}/seen/`)).body).toEqual({ status: 'ok' });
    expect((await direct.badge(b.user.id)).badge_count).toBe(1);
    publisher.clear();
    await b.agent.post(`/direct_v2/web/threads/${threadId}/items/${second.item_id}/seen/`);
    const badge = (await b.agent.get('/direct_v2/web/get_badge_count/?no_raven=1')).body;
    expect(badge).toEqual({ badge_count: 0, seq_id: await storedSeq(b.user.id), status: 'ok' });
    const seen = { timestamp: second.timestamp, item_id: second.item_id };
    expect(publisher.of(a.user.id)).toEqual([{ event: 'patch', seq_id: expect.any(Number), data: [{ op: 'replace', path: directPaths.hasSeen(threadId, b.user.id), value: seen }] }]);
    expect(publisher.of(b.user.id)[0]).toMatchObject({ data: [{ path: directPaths.hasSeen(threadId, b.user.id) }, { path: directPaths.unseenCount, value: 0 }] });
    expect((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.last_seen_at).toEqual({ [b.user.id]: seen });
    // Seeing an older one again moves nothing back.
    await b.agent.post(`/direct_v2/web/threads/${threadId}/items/${first.item_id}/seen/`);
    expect((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.last_seen_at[b.user.id]).toEqual(seen);
    expect((await b.agent.post(`/direct_v2/web/threads/${threadId}/items/123/seen/`)).body.code).toBe('direct_item_not_found');
  });

  it('the text is checked: empty and too long are refused with their codes, and nothing is stored', async () => {
    const { a, threadId } = await friends();
    await expect(direct.deliver(a.user.id, threadId, { type: 'text', text: '   ' }, null)).rejects.toMatchObject({ statusCode: 400, extra: { code: 'direct_text_empty' } });
    await expect(direct.deliver(a.user.id, threadId, { type: 'text', text: 'x'.repeat(DIRECT_TEXT_MAX_LENGTH + 1) }, null))
      .rejects.toMatchObject({ statusCode: 400, extra: { code: 'direct_text_long', params: { max: DIRECT_TEXT_MAX_LENGTH } } });
    expect((await direct.deliver(a.user.id, threadId, { type: 'text', text: '😀'.repeat(DIRECT_TEXT_MAX_LENGTH) }, null)).text).toHaveLength(DIRECT_TEXT_MAX_LENGTH * 2);
    expect(await t.db.selectFrom('direct_items').select('id').where('thread_id', '=', threadId).execute()).toHaveLength(1);
  });

  it('the same client_context from the same sender is one message', async () => {
    const { a, b, threadId } = await friends();
    publisher.clear();
    const once = await direct.deliver(a.user.id, threadId, { type: 'text', text: 'only once' }, 'same');
    const twice = await direct.deliver(a.user.id, threadId, { type: 'text', text: 'only once' }, 'same');
    expect(twice.item_id).toBe(once.item_id);
    const [x, y] = await Promise.all([
      direct.deliver(a.user.id, threadId, { type: 'like' }, 'raced'),
      direct.deliver(a.user.id, threadId, { type: 'like' }, 'raced'),
    ]);
    expect(x.item_id).toBe(y.item_id);
    expect(await t.db.selectFrom('direct_items').select('id').where('thread_id', '=', threadId).execute()).toHaveLength(2);
    expect(seqsOf(publisher.of(b.user.id))).toEqual([1, 2]);
  });

  it('each person\'s sequence number moves up by one with each change told to them, and is kept', async () => {
    const { a, b, threadId } = await friends();
    const other = await friends();
    await follow(t.db, b.user.id, other.a.user.id);
    const second = (await direct.createThread(other.a.user.id, [b.user.id])).threadId;
    publisher.clear();
    for (let i = 0; i < 3; i += 1) {
      await direct.deliver(a.user.id, threadId, { type: 'text', text: `a${i}` }, null);
      await direct.deliver(other.a.user.id, second, { type: 'text', text: `o${i}` }, null);
    }
    await Promise.all([0, 1, 2, 3].map((i) => direct.deliver(a.user.id, threadId, { type: 'text', text: `at once ${i}` }, null)));
    expect(seqsOf(publisher.of(b.user.id))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await storedSeq(b.user.id)).toBe(10);
    // Another instance of the service goes on from the stored number.
    const { direct: again, publisher: elsewhere } = directOver(t);
    await again.deliver(a.user.id, threadId, { type: 'text', text: 'from elsewhere' }, null);
    expect(seqsOf(elsewhere.of(b.user.id))).toEqual([11]);
    expect((await b.agent.get('/direct_v2/web/inbox/')).body.seq_id).toBe(11);
  });

  it('events leave only after the commit: a transaction that fails tells no one, and stores nothing', async () => {
    const { a, b, threadId } = await friends();
    const failing: KyselyPlugin = {
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('insert into direct_seq')) throw new Error('the database went away');
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const recorder = new RecordingPublisher();
    const broken = directOver({ ...t, db: t.db.withPlugin(failing) }, recorder).direct;
    await expect(broken.deliver(a.user.id, threadId, { type: 'text', text: 'lost' }, 'lost-1')).rejects.toThrow('the database went away');
    expect(recorder.events).toEqual([]);
    expect(await t.db.selectFrom('direct_items').select('id').where('thread_id', '=', threadId).execute()).toEqual([]);
    expect((await t.db.selectFrom('direct_threads').select('last_item_id').where('id', '=', threadId).executeTakeFirstOrThrow()).last_item_id).toBeNull();

    // When an event leaves, what it tells is committed: another connection reads it.
    const readable: Promise<boolean>[] = [];
    const watching = directOver(t, {
      publish: (_userId: string, event: SyncEvent) => {
        const op = event.event === 'patch' ? event.data.find((o) => o.op === 'add') : undefined;
        const itemId = op?.path.split('/').pop();
        if (itemId) readable.push(t.db.selectFrom('direct_items').select('id').where('id', '=', itemId).executeTakeFirst().then(Boolean));
      },
    } as never).direct;
    await watching.deliver(b.user.id, threadId, { type: 'text', text: 'kept' }, null);
    expect(await Promise.all(readable)).toEqual([true, true]);
  });

  it('a one-to-one thread across a block refuses messages either way with 403 direct_cannot_message, and is gone for both', async () => {
    const { a, b, threadId } = await friends();
    await direct.deliver(a.user.id, threadId, { type: 'text', text: 'before' }, null);
    expect((await b.agent.post(`/web/friendships/${a.user.id}/block/`)).status).toBe(200);
    for (const [from, to] of [[a, b], [b, a]] as const) {
      await expect(direct.deliver(from.user.id, threadId, { type: 'text', text: `to ${to.user.username}` }, null))
        .rejects.toMatchObject({ statusCode: 403, extra: { code: 'direct_cannot_message' } });
      expect((await from.agent.get(`/direct_v2/web/threads/${threadId}/`)).status).toBe(404);
      expect((await from.agent.get('/direct_v2/web/inbox/')).body.inbox.threads).toEqual([]);
      expect((await direct.badge(from.user.id)).badge_count).toBe(0);
    }
    await b.agent.post(`/web/friendships/${a.user.id}/unblock/`);
    expect((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).status).toBe(200);
  });

  it('in a group, a block parts two members: neither gets the other\'s messages', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    for (const p of [b, c]) await follow(t.db, p.user.id, a.user.id);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id, c.user.id]);
    await c.agent.post(`/web/friendships/${b.user.id}/block/`);
    publisher.clear();
    const item = await direct.deliver(b.user.id, threadId, { type: 'text', text: 'from b' }, null);
    expect(publisher.of(a.user.id)[0]).toMatchObject({ data: [{ op: 'add', path: directPaths.item(threadId, item.item_id) }, {}, {}] });
    const pathsForC = publisher.of(c.user.id).flatMap((e) => (e.event === 'patch' ? e.data.map((o) => o.path) : []));
    expect(pathsForC).toContain(directPaths.inboxThread(threadId));
    expect(pathsForC).not.toContain(directPaths.item(threadId, item.item_id));
    const forC = (await c.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread;
    expect(forC.items).toEqual([]);
    expect(forC.users.map((u: { id: string }) => u.id)).toEqual([a.user.id]);
    expect((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.items).toHaveLength(1);
  });

  it('a shared post shows to readers who may see it, and is null for the others', async () => {
    const { a, b, threadId } = await friends();
    const owner = await person();
    const media = await postPhoto(owner.agent, 'shared around');
    await follow(t.db, a.user.id, owner.user.id);
    const sent = await direct.deliver(a.user.id, threadId, { type: 'media_share', mediaId: media.id }, null);
    expect(sent.media_share).toMatchObject({ id: media.id, shortcode: media.shortcode, media_type: 1, owner: { id: owner.user.id }, caption: 'shared around' });
    expect(sent.media_share!.display_url).not.toBe('');
    expect((await owner.agent.post('/accounts/set_private/')).status).toBe(200);
    const forB = (await b.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.items[0];
    expect(forB.media_share).toBeNull();
    expect((await a.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.items[0].media_share.id).toBe(media.id);
    // A post the sender may not see cannot be sent.
    await expect(direct.deliver(b.user.id, threadId, { type: 'media_share', mediaId: media.id }, null)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe(`direct: the channel's sends (${databaseKind})`, () => {
  it('R-002-direct-10: text, like and media share sent on the channel become items, answered by client_context; failures are answered, never thrown', async () => {
    const { a, b, threadId } = await friends();
    const channel = channelOf();
    const ok = await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'text', text: 'over the channel', client_context: 'c-1' });
    expect(ok).toMatchObject({ client_context: 'c-1', status: 'ok', payload: { thread_id: threadId, item_id: expect.any(String), timestamp: expect.any(Number) } });
    const again = await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'text', text: 'over the channel', client_context: 'c-1' });
    expect(again).toEqual(ok);
    expect(await channel.send(b.user.id, { action: 'send_item', thread_id: threadId, item_type: 'like', client_context: 'c-2' })).toMatchObject({ status: 'ok' });
    expect(await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'text', text: '', client_context: 'c-3' }))
      .toEqual({ client_context: 'c-3', status: 'fail', message: 'Write a message first.', code: 'direct_text_empty' });
    const stranger = await person();
    expect(await channel.send(stranger.user.id, { action: 'send_item', thread_id: threadId, item_type: 'text', text: 'hi', client_context: 'c-4' }))
      .toMatchObject({ client_context: 'c-4', status: 'fail', code: 'thread_not_found' });
    for (const bad of [null, 'text', { action: 'send_item', thread_id: 'x', item_type: 'text', client_context: 'c-5' }, { action: 'delete', thread_id: threadId, client_context: 'c-6' }]) {
      expect(await channel.send(a.user.id, bad)).toMatchObject({ status: 'fail', code: 'direct_send_failed' });
    }
    expect(await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'media_share', client_context: 'c-7' })).toMatchObject({ status: 'fail' });
    expect((await b.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread.items.map((i: { item_type: string }) => i.item_type)).toEqual(['like', 'text']);
  });

  it('R-002-direct-18: typing is told to the other readers at once, with its time to live and no sequence number, and answered with nothing', async () => {
    const { a, b, threadId } = await friends();
    const channel = channelOf();
    publisher.clear();
    expect(await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'typing', activity_status: 1, client_context: 't-1' })).toBeNull();
    expect(publisher.of(b.user.id)).toEqual([
      { event: 'patch', data: [{ op: 'add', path: directPaths.typing(threadId, a.user.id), value: { sender_id: a.user.id, activity_status: 1, ttl: DIRECT_TYPING_TTL_MS, timestamp: expect.any(Number) } }] },
    ]);
    // A stop right after the start is held for the end of the typing pace, then told.
    expect(await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'typing', activity_status: 0, client_context: 't-2' })).toBeNull();
    await expect.poll(() => publisher.of(b.user.id)[1], { timeout: DIRECT_TYPING_PACE_MS * 3 })
      .toEqual({ event: 'patch', data: [{ op: 'remove', path: directPaths.typing(threadId, a.user.id), value: expect.objectContaining({ activity_status: 0 }) }] });
    expect(publisher.of(a.user.id)).toEqual([]);
    const stranger = await person();
    expect(await channel.send(stranger.user.id, { action: 'send_item', thread_id: threadId, item_type: 'typing', activity_status: 1, client_context: 't-3' })).toBeNull();
    expect(publisher.of(b.user.id)).toHaveLength(2);
    channel.close();
  });

  it('an account sends at most DIRECT_SEND_LIMIT messages a minute over the channel', async () => {
    const { a, threadId } = await friends();
    const channel = channelOf(direct, keyedLimit(t.app, DIRECT_SEND_PACE, DIRECT_SEND_LIMIT));
    for (let i = 0; i < DIRECT_SEND_LIMIT.max; i += 1) {
      expect((await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'like', client_context: `l-${i}` }))?.status).toBe('ok');
    }
    expect(await channel.send(a.user.id, { action: 'send_item', thread_id: threadId, item_type: 'like', client_context: 'one-too-many' }))
      .toMatchObject({ client_context: 'one-too-many', status: 'fail', code: 'wait_minute' });
  }, 60_000);
});
