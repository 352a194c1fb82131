import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE_RESPONSE } from '@shutter/contract';
import { listen, type Channel } from './helpers/channel.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { friendsWithThread, itemsTold, openChannel, sendText } from './helpers/chat.js';

// Two people chat through the real channel and the real direct area, in one process (the embedded default).
describe(`chatting over the real-time channel, one instance (${databaseKind})`, () => {
  let t: TestApp;
  let origin: string;
  const open: Channel[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    origin = await listen(t.app);
  });
  afterEach(async () => { await Promise.all(open.splice(0).map((c) => c.end())); });
  afterAll(async () => { await t.close(); });

  it('R-002-direct-10: a text sent on the channel is answered to its sender, told to the other member at once, and in the thread afterwards', async () => {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const aliceChannel = await openChannel(origin, alice, open);
    const bobChannel = await openChannel(origin, bob, open);
    sendText(aliceChannel, threadId, 'hello over the channel', 'ctx-1');
    await expect.poll(() => aliceChannel.received.find((r) => r.topic === TOPIC_SEND_MESSAGE_RESPONSE)?.event, { timeout: 10_000 })
      .toMatchObject({ client_context: 'ctx-1', status: 'ok', payload: { thread_id: threadId } });
    await expect.poll(() => itemsTold(bobChannel, threadId).map((i) => i.text), { timeout: 10_000 }).toEqual(['hello over the channel']);
    // The sender sees their token on their own copy; the other member does not.
    expect(itemsTold(bobChannel, threadId)[0]!.client_context).toBeNull();
    const read = await bob.agent.get(`/direct_v2/web/threads/${threadId}/`);
    expect(read.body.thread.items.map((i: { text?: string }) => i.text)).toEqual(['hello over the channel']);
    expect(bobChannel.received.every((r) => r.topic === TOPIC_MESSAGE_SYNC)).toBe(true);
  });

  it('the same client_context sent twice is one message, answered twice with the same item', async () => {
    const { alice, bob, threadId } = await friendsWithThread(t);
    const aliceChannel = await openChannel(origin, alice, open);
    sendText(aliceChannel, threadId, 'once', 'twice-sent');
    sendText(aliceChannel, threadId, 'once', 'twice-sent');
    await expect.poll(() => aliceChannel.received.filter((r) => r.topic === TOPIC_SEND_MESSAGE_RESPONSE).length, { timeout: 10_000 }).toBe(2);
    const answers = aliceChannel.received.filter((r) => r.topic === TOPIC_SEND_MESSAGE_RESPONSE).map((r) => (r.event as unknown as { payload: { item_id: string } }).payload.item_id);
    expect(answers[0]).toBe(answers[1]);
    const read = await bob.agent.get(`/direct_v2/web/threads/${threadId}/`);
    expect(read.body.thread.items).toHaveLength(1);
  });
});
