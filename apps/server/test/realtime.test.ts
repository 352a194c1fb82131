import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  directPaths, SUBSCRIPTION_TYPES, TOPIC_BADGE_COUNT, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE,
  topicOfSubscription, type SendItemResponse, type SyncEvent,
} from '@shutter/contract';
import { signedUpAgent } from './helpers/agent.js';
import { connectChannel, cookieOf, listen, upgradeStatus, type Channel } from './helpers/channel.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const SESSION_CHECK_MS = 200;

const item = (seq: number, text = `m${seq}`): SyncEvent => ({
  event: 'patch', seq_id: seq, data: [{ op: 'add', path: directPaths.item('1', String(seq)), value: { text } }],
});
const unseen = (seq: number, count: number): SyncEvent => ({
  event: 'patch', seq_id: seq, data: [
    { op: 'add', path: directPaths.item('1', String(seq)), value: { text: 'hello' } },
    { op: 'replace', path: directPaths.unseenCount, value: count },
  ],
});

describe(`the real-time channel (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const open: Channel[] = [];

  beforeAll(async () => {
    // Direct turned off: the channel alone, with no area answering sends until a test sets one.
    t = await createTestApp({ realtime: { sessionCheckMs: SESSION_CHECK_MS }, env: { DIRECT_ENABLED: 'false' } });
    origin = await listen(t.app);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.end()));
  });
  afterAll(async () => {
    await t.close();
  });

  const person = async () => {
    const { agent, user } = await signedUpAgent(t.app);
    return { agent, id: user.id, cookie: cookieOf(agent) };
  };
  const connect = async (who: { cookie: string }, opts: Parameters<typeof connectChannel>[2] = {}) => {
    const channel = await connectChannel(origin, who.cookie, opts);
    open.push(channel);
    return channel;
  };
  const publish = (userId: string, event: SyncEvent) => t.app.realtime.publisher.publish(userId, event);
  /** Events are delivered in the order they were published: once `marker` is in, all before it are too. */
  const until = async (channel: Channel, marker: number) =>
    expect.poll(() => channel.received.some((r) => r.event.seq_id === marker), { timeout: 3000, interval: 10 }).toBe(true);

  it('an upgrade without a live session cookie is refused with 401, before any MQTT byte', async () => {
    expect(await upgradeStatus(origin, {})).toBe(401);
    expect(await upgradeStatus(origin, { cookie: 'sessionid=not-a-session' })).toBe(401);
  });

  it('an upgrade from another site\'s page is refused with 403, even with the visitor\'s cookie', async () => {
    const alice = await person();
    expect(await upgradeStatus(origin, { cookie: alice.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(origin, { cookie: alice.cookie, origin: 'null' })).toBe(403);
    expect(await upgradeStatus(origin, { cookie: alice.cookie, origin: 'http://127.0.0.1.evil.example' })).toBe(403);
    // The service's public origin, and (outside production) a page of the very host the request names.
    expect(await upgradeStatus(origin, { cookie: alice.cookie, origin: 'http://localhost:8080' })).toBe(101);
    expect(await upgradeStatus(origin, { cookie: alice.cookie, origin })).toBe(101);
  });

  it('only upgrades to exactly /mqtt are taken', async () => {
    const alice = await person();
    expect(await upgradeStatus(origin, { cookie: alice.cookie }, '/mqtt/')).toBe(404);
    expect(await upgradeStatus(origin, { cookie: alice.cookie }, '/mqttx')).toBe(404);
    expect(await upgradeStatus(origin, { cookie: alice.cookie }, '/mqtt?v=1')).toBe(101);
  });

  for (const type of SUBSCRIPTION_TYPES) {
    it(`R-002-direct-realtime-1: a connection subscribed with type ${type} gets ${type === 'message' ? 'every event' : 'only the unseen count'} of its user`, async () => {
      const alice = await person();
      const channel = await connect(alice);
      expect(await channel.subscribe(topicOfSubscription(type))).toBe(1);
      publish(alice.id, item(1));
      publish(alice.id, unseen(2, 3));
      publish(alice.id, { event: 'snapshot', seq_id: 3 });
      await until(channel, 3);
      const topic = topicOfSubscription(type);
      if (type === 'message') {
        expect(channel.received).toEqual([
          { topic, event: item(1) }, { topic, event: unseen(2, 3) }, { topic, event: { event: 'snapshot', seq_id: 3 } },
        ]);
      } else {
        expect(channel.received).toEqual([
          { topic, event: { event: 'patch', seq_id: 2, data: [{ op: 'replace', path: directPaths.unseenCount, value: 3 }] } },
          { topic, event: { event: 'snapshot', seq_id: 3 } },
        ]);
      }
    });
  }

  it('a connection subscribed to both streams gets each event on each, under their public names', async () => {
    const alice = await person();
    const channel = await connect(alice);
    expect(await channel.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    expect(await channel.subscribe(TOPIC_BADGE_COUNT)).toBe(1);
    publish(alice.id, unseen(1, 1));
    await expect.poll(() => channel.received.map((r) => r.topic).sort(), { timeout: 3000, interval: 10 }).toEqual([TOPIC_BADGE_COUNT, TOPIC_MESSAGE_SYNC]);
  });

  it('whatever topic a user subscribes to, they get none of another user\'s events', async () => {
    const alice = await person();
    const mallory = await person();
    const prefix = t.redisPrefix;
    const watcher = await connect(alice);
    expect(await watcher.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    const spy = await connect(mallory);
    for (const topic of [
      '#', '+', '+/+', '/#', '$u/#', `$u/${prefix}/${alice.id}/sync`, `$u/${prefix}/+/sync`, `$u/+/${alice.id}/#`,
      `${TOPIC_MESSAGE_SYNC}/#`, `${TOPIC_MESSAGE_SYNC}/${alice.id}`, TOPIC_SEND_MESSAGE, '$SYS/#',
    ]) {
      expect(await spy.subscribe(topic), topic).toBe(128);
    }
    // Her own names are scoped to her: she gets her own events on them, never Alice's.
    expect(await spy.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    expect(await spy.subscribe(TOPIC_BADGE_COUNT)).toBe(1);
    expect(await spy.subscribe(TOPIC_SEND_MESSAGE_RESPONSE)).toBe(1);
    publish(alice.id, item(1));
    publish(alice.id, unseen(2, 5));
    publish(alice.id, { event: 'snapshot', seq_id: 3 });
    await until(watcher, 3);
    publish(mallory.id, item(9, 'her own'));
    await until(spy, 9);
    expect(spy.received).toEqual([{ topic: TOPIC_MESSAGE_SYNC, event: item(9, 'her own') }]);
    expect(watcher.received.map((r) => r.event.seq_id)).toEqual([1, 2, 3]);
  });

  it('publishing on a stream\'s topic ends the connection, and no one receives it', async () => {
    const alice = await person();
    const mallory = await person();
    const watcher = await connect(alice);
    expect(await watcher.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    for (const topic of [TOPIC_MESSAGE_SYNC, TOPIC_BADGE_COUNT, TOPIC_SEND_MESSAGE_RESPONSE, `$u/${t.redisPrefix}/${alice.id}/sync`]) {
      const forger = await connect(mallory);
      forger.client.publish(topic, JSON.stringify(unseen(99, 0)), { qos: 1 });
      await forger.closed;
    }
    publish(alice.id, item(1));
    await until(watcher, 1);
    expect(watcher.received).toEqual([{ topic: TOPIC_MESSAGE_SYNC, event: item(1) }]);
  });

  it('while no area answers sends (direct turned off), every send fails with its client_context', async () => {
    const alice = await person();
    const channel = await connect(alice);
    expect(await channel.subscribe(TOPIC_SEND_MESSAGE_RESPONSE)).toBe(1);
    channel.client.publish(TOPIC_SEND_MESSAGE, JSON.stringify({ action: 'send_item', thread_id: '1', item_type: 'text', text: 'hi', client_context: 'c-1' }), { qos: 1 });
    await expect.poll(() => channel.received, { timeout: 3000, interval: 10 }).toEqual([{
      topic: TOPIC_SEND_MESSAGE_RESPONSE,
      event: { client_context: 'c-1', status: 'fail', message: "Your message couldn't be sent.", code: 'direct_send_failed' },
    }]);
  });

  describe('with an area answering sends', () => {
    const calls: { userId: string; request: unknown }[] = [];
    const active: string[] = [];
    beforeAll(() => {
      t.app.realtime.setHandlers({
        async send(userId, request) {
          calls.push({ userId, request });
          const r = request as { client_context: string; item_type: string; text?: string };
          if (r.item_type === 'typing') return null;
          if (r.text === 'boom') throw new Error('the area failed');
          return { client_context: r.client_context, status: 'ok', payload: { thread_id: '1', item_id: String(calls.length), timestamp: 1 } } satisfies SendItemResponse;
        },
        active: (userId) => active.push(userId),
      });
    });

    const send = (channel: Channel, body: unknown) =>
      channel.client.publish(TOPIC_SEND_MESSAGE, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
    const text = (context: string, body = 'hi') => ({ action: 'send_item', thread_id: '1', item_type: 'text', text: body, client_context: context });

    it('a send reaches the area as its sender\'s, and its answer comes back on the sender\'s response topic only', async () => {
      const alice = await person();
      const bob = await person();
      const sender = await connect(alice);
      const sendersOtherTab = await connect(alice);
      const other = await connect(bob);
      for (const c of [sender, sendersOtherTab, other]) expect(await c.subscribe(TOPIC_SEND_MESSAGE_RESPONSE)).toBe(1);
      calls.length = 0;
      send(sender, text('ctx-1'));
      const answer = { topic: TOPIC_SEND_MESSAGE_RESPONSE, event: { client_context: 'ctx-1', status: 'ok', payload: { thread_id: '1', item_id: '1', timestamp: 1 } } };
      await expect.poll(() => sender.received, { timeout: 3000, interval: 10 }).toEqual([answer]);
      expect(calls).toEqual([{ userId: alice.id, request: text('ctx-1') }]);
      await expect.poll(() => sendersOtherTab.received, { timeout: 3000, interval: 10 }).toEqual([answer]);
      // Bob's stream carries his own answers only, and the send itself is forwarded to no one.
      send(other, text('bob-1'));
      await expect.poll(() => other.received.map((r) => r.event.client_context), { timeout: 3000, interval: 10 }).toEqual(['bob-1']);
      expect(sender.received).toHaveLength(1);
    });

    it('sends are handled in the order they were sent; typing gets no answer, bad JSON a failure when its client_context can be read', async () => {
      const alice = await person();
      const channel = await connect(alice);
      expect(await channel.subscribe(TOPIC_SEND_MESSAGE_RESPONSE)).toBe(1);
      calls.length = 0;
      send(channel, { action: 'send_item', thread_id: '1', item_type: 'typing', activity_status: 1, client_context: 'typing-1' });
      send(channel, '{"client_context": "broken-1", "text": ');
      send(channel, 'not json at all');
      send(channel, text('boom-1', 'boom'));
      for (let i = 0; i < 5; i++) send(channel, text(`n-${i}`));
      await expect.poll(() => channel.received.length, { timeout: 3000, interval: 10 }).toBe(7);
      expect(channel.received.map((r) => [r.event.client_context, r.event.status])).toEqual([
        ['broken-1', 'fail'], ['boom-1', 'fail'], ['n-0', 'ok'], ['n-1', 'ok'], ['n-2', 'ok'], ['n-3', 'ok'], ['n-4', 'ok'],
      ]);
      expect(channel.received[1]!.event).toMatchObject({ code: 'direct_send_failed' });
      expect(calls.map((c) => (c.request as { client_context: string }).client_context)).toEqual(['typing-1', 'boom-1', 'n-0', 'n-1', 'n-2', 'n-3', 'n-4']);
      // The connection stayed open through all of it.
      expect(channel.client.connected).toBe(true);
    });

    it('a connection tells the area its user is active when it connects', async () => {
      const alice = await person();
      active.length = 0;
      await connect(alice);
      await expect.poll(() => active, { timeout: 3000, interval: 10 }).toEqual([alice.id]);
    });
  });

  it('a connection ends soon after its session does (logout)', async () => {
    const alice = await person();
    const channel = await connect(alice);
    expect(await channel.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    expect((await alice.agent.post('/accounts/logout/')).status).toBe(200);
    const started = Date.now();
    await channel.closed;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await upgradeStatus(origin, { cookie: alice.cookie })).toBe(401);
  });

  it('a client id another user already uses does not take over that user\'s connection', async () => {
    const alice = await person();
    const mallory = await person();
    const hers = await connect(alice, { clientId: 'web-tab-1' });
    expect(await hers.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    const theirs = await connect(mallory, { clientId: 'web-tab-1' });
    expect(await theirs.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    publish(alice.id, item(1));
    await until(hers, 1);
    expect(hers.client.connected).toBe(true);
    expect(theirs.received).toEqual([]);
  });

  it('no session outlives its connection: clean=false is served as a clean session', async () => {
    const alice = await person();
    const first = await connect(alice, { clientId: 'keep-me', clean: false });
    expect(await first.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    await first.end();
    const again = await connect(alice, { clientId: 'keep-me', clean: false });
    publish(alice.id, item(1));
    // Nothing restored, nothing queued: the client resubscribes and reloads the inbox.
    expect(await again.subscribe(TOPIC_BADGE_COUNT)).toBe(1);
    publish(alice.id, unseen(2, 1));
    await until(again, 2);
    expect(again.received.map((r) => [r.topic, r.event.seq_id])).toEqual([[TOPIC_BADGE_COUNT, 2]]);
  });

  it('after UNSUBSCRIBE of a public name, its events stop', async () => {
    const alice = await person();
    const channel = await connect(alice);
    expect(await channel.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
    expect(await channel.subscribe(TOPIC_BADGE_COUNT)).toBe(1);
    await channel.client.unsubscribeAsync(TOPIC_MESSAGE_SYNC);
    publish(alice.id, item(1));
    publish(alice.id, unseen(2, 1));
    await until(channel, 2);
    expect(channel.received.map((r) => [r.topic, r.event.seq_id])).toEqual([[TOPIC_BADGE_COUNT, 2]]);
  });

  it('one user holds at most 20 connections on an instance', async () => {
    const alice = await person();
    for (let i = 0; i < 20; i++) await connect(alice);
    expect(await upgradeStatus(origin, { cookie: alice.cookie })).toBe(429);
    await open.pop()!.end();
    await expect.poll(() => upgradeStatus(origin, { cookie: alice.cookie }), { timeout: 3000, interval: 20 }).toBe(101);
  });
});


describe(`closing the service with channel connections open (${databaseKind})`, () => {
  it('ends them at once instead of waiting for them', async () => {
    const t = await createTestApp();
    try {
      const origin = await listen(t.app);
      const { agent } = await signedUpAgent(t.app);
      const channel = await connectChannel(origin, cookieOf(agent));
      expect(await channel.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
      const started = Date.now();
      await t.app.close();
      await channel.closed;
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await t.close();
    }
  });
});
