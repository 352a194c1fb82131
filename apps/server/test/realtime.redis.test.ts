import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directPaths, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE, type SyncEvent } from '@shutter/contract';
import { signedUpAgent } from './helpers/agent.js';
import { connectChannel, cookieOf, listen, type Channel } from './helpers/channel.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

const item = (seq: number): SyncEvent => ({ event: 'patch', seq_id: seq, data: [{ op: 'add', path: directPaths.item('1', String(seq)), value: { n: seq } }] });

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`the real-time channel across instances sharing one Redis (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  let elsewhere: TestApp;
  const origins = new Map<TestApp, string>();
  const open: Channel[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondInstance(a);
    // The same database and Redis, another deployment's prefix (a parallel test suite).
    elsewhere = await createSecondInstance(a, { ownRedisPrefix: true });
    for (const instance of [a, b, elsewhere]) origins.set(instance, await listen(instance.app));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.end()));
  });
  afterAll(async () => {
    await elsewhere.close();
    await b.close();
    await a.close();
  });

  const person = async () => {
    const { agent, user } = await signedUpAgent(a.app);
    return { id: user.id, cookie: cookieOf(agent) };
  };
  const subscribed = async (on: TestApp, who: { cookie: string }, topic = TOPIC_MESSAGE_SYNC) => {
    const channel = await connectChannel(origins.get(on)!, who.cookie);
    open.push(channel);
    expect(await channel.subscribe(topic)).toBe(1);
    return channel;
  };

  it('a member connected to one instance gets, in order, the 200 events published for them through another', async () => {
    const alice = await person();
    const onB = await subscribed(b, alice);
    for (let seq = 1; seq <= 200; seq++) a.app.realtime.publisher.publish(alice.id, item(seq));
    await expect.poll(() => onB.received.length, { timeout: 10_000, interval: 20 }).toBe(200);
    expect(onB.received.map((r) => r.event.seq_id)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(onB.received.every((r) => r.topic === TOPIC_MESSAGE_SYNC)).toBe(true);
  });

  it('no one gets another user\'s events from another instance, nor from another deployment\'s prefix', async () => {
    const alice = await person();
    const bob = await person();
    const bobOnA = await subscribed(a, bob);
    const aliceOnA = await subscribed(a, alice);
    const aliceElsewhere = await subscribed(elsewhere, alice);
    b.app.realtime.publisher.publish(alice.id, item(1));
    b.app.realtime.publisher.publish(bob.id, item(2));
    await expect.poll(() => aliceOnA.received.length, { timeout: 5000, interval: 20 }).toBe(1);
    await expect.poll(() => bobOnA.received.length, { timeout: 5000, interval: 20 }).toBe(1);
    expect(aliceOnA.received[0]!.event).toEqual(item(1));
    expect(bobOnA.received[0]!.event).toEqual(item(2));
    // The other prefix gets its own events, and none of this one's, published before them.
    elsewhere.app.realtime.publisher.publish(alice.id, item(3));
    await expect.poll(() => aliceElsewhere.received.length, { timeout: 5000, interval: 20 }).toBe(1);
    expect(aliceElsewhere.received[0]!.event).toEqual(item(3));
  });

  it('the answer to a send made on one instance reaches the sender\'s tab on another', async () => {
    const alice = await person();
    b.app.realtime.setHandlers({ send: async (_userId, request) => ({ client_context: (request as { client_context: string }).client_context, status: 'ok', payload: { thread_id: '1', item_id: '2', timestamp: 3 } }) });
    const otherTab = await subscribed(a, alice, TOPIC_SEND_MESSAGE_RESPONSE);
    const sender = await subscribed(b, alice, TOPIC_SEND_MESSAGE_RESPONSE);
    sender.client.publish(TOPIC_SEND_MESSAGE, JSON.stringify({ action: 'send_item', thread_id: '1', item_type: 'like', client_context: 'x-1' }), { qos: 1 });
    for (const tab of [sender, otherTab]) {
      await expect.poll(() => tab.received.map((r) => r.event.client_context), { timeout: 5000, interval: 20 }).toEqual(['x-1']);
    }
  });
});
