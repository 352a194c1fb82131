import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_TYPING_PACE_MS, directPaths, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE, type PatchOp } from '@shutter/contract';
import { listen, type Channel } from './helpers/channel.js';
import { friendsWithThread, openChannel, person, sendText, type Person } from './helpers/chat.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { INBOUND_PACKETS_PER_MINUTE } from '../src/platform/realtime/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sendTyping(channel: Channel, threadId: string, status: 0 | 1, n: number): void {
  const request = { action: 'send_item', thread_id: threadId, item_type: 'typing', activity_status: status, client_context: `typing-${n}` };
  // As the web client sends typing: at most once, nothing to acknowledge.
  channel.client.publish(TOPIC_SEND_MESSAGE, JSON.stringify(request), { qos: 0 });
}

/** The typing states a channel was told of one sender in one thread: 1 for an add, 0 for a remove. */
const typingTold = (channel: Channel, threadId: string, senderId: string) => channel.received
  .filter((r) => r.event.event === 'patch')
  .flatMap((r) => (r.event as { data: PatchOp[] }).data)
  .filter((op) => op.path === directPaths.typing(threadId, senderId))
  .map((op) => (op.op === 'add' ? 1 : 0));

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** Asks for the page's shared data over HTTP every `everyMs` for `forMs`, not waiting for answers; each answer's time in ms. */
async function sharedDataTimes(origin: string, who: Person, forMs: number, everyMs = 100): Promise<number[]> {
  const asked: Promise<number>[] = [];
  for (let at = 0; at < forMs; at += everyMs) {
    asked.push((async () => {
      const started = performance.now();
      const res = await fetch(`${origin}/data/shared_data/`, { headers: { cookie: who.cookie } });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - started;
    })());
    await sleep(everyMs);
  }
  return Promise.all(asked);
}

/** Resolves true once the connection is closed, false if it still is open after `ms`. */
const closedWithin = (channel: Channel, ms: number) => Promise.race([channel.closed.then(() => true), sleep(ms).then(() => false)]);

describe(`a typing flood on the real-time channel (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const open: Channel[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    origin = await listen(t.app);
  });
  afterEach(async () => { await Promise.all(open.splice(0).map((c) => c.end())); });
  afterAll(async () => { await t.close(); });

  it('3,000 typing packets at once reach the other member as one or two events, end the connection, and everyone\'s pages stay quick', async () => {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const carol = await person(t);
    const aliceChannel = await openChannel(origin, alice, open);
    const bobChannel = await openChannel(origin, bob, open);
    const quiet = await sharedDataTimes(origin, carol, 1000);

    for (let n = 0; n < 3000; n++) sendTyping(aliceChannel, threadId, 1, n);
    const during = await sharedDataTimes(origin, carol, 3000);

    // Far under the bytes budget (about 400 KB), but past the packet budget: closed, as past the bytes one.
    expect(await closedWithin(aliceChannel, 5000)).toBe(true);
    await sleep(DIRECT_TYPING_PACE_MS);
    const told = typingTold(bobChannel, threadId, alice.id);
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told.length).toBeLessThanOrEqual(2);
    // Loose on purpose: quiet answers take milliseconds; unpaced, the flood held some for many seconds.
    expect(median(during)).toBeLessThan(Math.max(250, median(quiet) * 10));
    expect(Math.max(...during)).toBeLessThan(5000);
  }, 60_000);

  it('typing sent every 20 ms for 5 s is told about once in DIRECT_TYPING_PACE_MS, ending on its last state, on a connection that stays open', async () => {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const aliceChannel = await openChannel(origin, alice, open);
    const bobChannel = await openChannel(origin, bob, open);
    const started = performance.now();
    let n = 0;
    while (performance.now() - started < 5000) {
      sendTyping(aliceChannel, threadId, 1, n++);
      await sleep(20);
    }
    sendTyping(aliceChannel, threadId, 0, n++);
    const elapsed = performance.now() - started;
    await expect.poll(() => typingTold(bobChannel, threadId, alice.id).at(-1), { timeout: DIRECT_TYPING_PACE_MS * 3 }).toBe(0);
    const told = typingTold(bobChannel, threadId, alice.id);
    expect(n).toBeGreaterThan(50);
    expect(told.length).toBeGreaterThanOrEqual(2);
    // One a window, the stop after the last, and one window of slack for a loaded machine.
    expect(told.length).toBeLessThanOrEqual(Math.floor(elapsed / DIRECT_TYPING_PACE_MS) + 3);
    expect(aliceChannel.client.connected).toBe(true);
  }, 30_000);

  it(`a connection may send ${INBOUND_PACKETS_PER_MINUTE} packets a minute, however small; past that it is closed`, async () => {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const within = await openChannel(origin, alice, open);
    // Subscribing took a few packets already.
    for (let n = 0; n < INBOUND_PACKETS_PER_MINUTE - 50; n++) sendTyping(within, threadId, 1, n);
    sendText(within, threadId, 'still here', 'within-budget');
    await expect.poll(() => within.received.find((r) => r.topic === TOPIC_SEND_MESSAGE_RESPONSE)?.event.status, { timeout: 10_000 }).toBe('ok');
    expect(within.client.connected).toBe(true);

    // Acknowledging what it is told does not count: a busy person's connection stays.
    const told = await openChannel(origin, bob, open);
    const events = INBOUND_PACKETS_PER_MINUTE + 100;
    for (let n = 1; n <= events; n++) t.app.realtime.publisher.publish(bob.id, { event: 'patch', data: [{ op: 'add', path: directPaths.item(threadId, String(n)), value: { n } }] });
    await expect.poll(() => told.received.length, { timeout: 20_000 }).toBe(events);
    expect(await closedWithin(told, 500)).toBe(false);

    const past = await openChannel(origin, bob, open);
    for (let n = 0; n < INBOUND_PACKETS_PER_MINUTE + 50; n++) sendTyping(past, threadId, 1, n);
    expect(await closedWithin(past, 10_000)).toBe(true);
    expect(told.client.connected).toBe(true);
  }, 60_000);

  it('someone outside the thread is never told on, however much they send', async () => {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const carol = await person(t);
    const carolChannel = await openChannel(origin, carol, open);
    const aliceChannel = await openChannel(origin, alice, open);
    const bobChannel = await openChannel(origin, bob, open);
    for (let n = 0; n < 300; n++) sendTyping(carolChannel, threadId, n % 2 === 0 ? 1 : 0, n);
    await sleep(DIRECT_TYPING_PACE_MS + 200);
    sendTyping(aliceChannel, threadId, 1, 0);
    await expect.poll(() => typingTold(bobChannel, threadId, alice.id), { timeout: 10_000 }).toEqual([1]);
    expect(typingTold(bobChannel, threadId, carol.id)).toEqual([]);
    expect(bobChannel.received.flatMap((r) => (r.event as { data?: PatchOp[] }).data ?? []).filter((op) => op.path.includes(carol.id))).toEqual([]);
  }, 30_000);
});
