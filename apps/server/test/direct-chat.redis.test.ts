import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_TYPING_PACE_MS, directPaths, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE, type PatchOp } from '@shutter/contract';
import { listen, type Channel } from './helpers/channel.js';
import { createSecondInstance, createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { friendsWithThread, itemsTold, openChannel, sendText } from './helpers/chat.js';

// Runs where REDIS_URL is set: two service instances share the channel through Redis.
describe(`chatting across two instances sharing Redis (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  const origins = new Map<TestApp, string>();
  const open: Channel[] = [];
  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondInstance(a);
    for (const instance of [a, b]) origins.set(instance, await listen(instance.app));
  });
  afterEach(async () => { await Promise.all(open.splice(0).map((c) => c.end())); });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a member connected to one instance gets, in order, what the other sends through another, and the replies come back', async () => {
    const { alice, bob, threadId } = await friendsWithThread(a);
    const aliceOnA = await openChannel(origins.get(a)!, alice, open);
    const bobOnB = await openChannel(origins.get(b)!, bob, open);
    const texts = Array.from({ length: 30 }, (_, i) => `message ${i + 1}`);
    for (const [i, text] of texts.entries()) sendText(aliceOnA, threadId, text, `a-${i}`);
    await expect.poll(() => itemsTold(bobOnB, threadId).map((i) => i.text), { timeout: 15_000 }).toEqual(texts);
    const seqs = bobOnB.received.map((r) => r.event.seq_id as number);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(seqs.length);

    sendText(bobOnB, threadId, 'got them all', 'b-1');
    await expect.poll(() => bobOnB.received.find((r) => r.topic === TOPIC_SEND_MESSAGE_RESPONSE)?.event.status, { timeout: 10_000 }).toBe('ok');
    await expect.poll(() => itemsTold(aliceOnA, threadId).map((i) => i.text).at(-1), { timeout: 10_000 }).toBe('got them all');
    const read = await alice.agent.get(`/direct_v2/web/threads/${threadId}/?limit=50`);
    expect(read.body.thread.items).toHaveLength(31);
  });

  it('typing flooded through both instances reaches the other member on one of them a few times: each instance paces it', async () => {
    const { alice, bob, threadId } = await friendsWithThread(a);
    const aliceOnA = await openChannel(origins.get(a)!, alice, open);
    const aliceOnB = await openChannel(origins.get(b)!, alice, open);
    const bobOnB = await openChannel(origins.get(b)!, bob, open);
    const typing = (n: number) => JSON.stringify({ action: 'send_item', thread_id: threadId, item_type: 'typing', activity_status: 1, client_context: `typing-${n}` });
    for (let n = 0; n < 500; n++) {
      aliceOnA.client.publish(TOPIC_SEND_MESSAGE, typing(n), { qos: 0 });
      aliceOnB.client.publish(TOPIC_SEND_MESSAGE, typing(n), { qos: 0 });
    }
    const told = () => bobOnB.received
      .flatMap((r) => (r.event as { data?: PatchOp[] }).data ?? [])
      .filter((op) => op.path === directPaths.typing(threadId, alice.id));
    await expect.poll(() => told().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, DIRECT_TYPING_PACE_MS));
    // One a window from each instance; the burst is read within a window or two.
    expect(told().length).toBeLessThanOrEqual(4);
  });
});
