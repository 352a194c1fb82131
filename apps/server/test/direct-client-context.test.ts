import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAgent } from './helpers/agent.js';
import { directOver, RecordingPublisher } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createDirectChannel } from '../src/features/direct/channel.js';
import type { Direct } from '../src/features/direct/service.js';

/** A client_context names one message of its sender: a resend is that message, a reuse elsewhere is refused. */
let t: TestApp;
let direct: Direct;
const publisher = new RecordingPublisher();
beforeAll(async () => {
  t = await createTestApp({ directPublisher: publisher });
  ({ direct } = directOver(t, publisher));
});
afterAll(async () => { await t.close(); });

async function twoThreads() {
  const [a, b, c] = [await signedUpAgent(t.app), await signedUpAgent(t.app), await signedUpAgent(t.app)];
  await follow(t.db, b.user.id, a.user.id);
  await follow(t.db, c.user.id, a.user.id);
  const withB = (await direct.createThread(a.user.id, [b.user.id])).threadId;
  const withC = (await direct.createThread(a.user.id, [c.user.id])).threadId;
  return { a, b, c, withB, withC };
}
const itemsOf = async (threadId: string) => t.db.selectFrom('direct_items').select(['id', 'text']).where('thread_id', '=', threadId).execute();

describe(`direct: a client_context is unique per sender (${databaseKind})`, () => {
  it('reused in a second thread on the channel, the send is answered with a failure and nothing is stored there', async () => {
    const { a, withB, withC } = await twoThreads();
    const channel = createDirectChannel({ direct, pace: async () => ({ allowed: true, retryInMs: 0 }), onError: (err) => { throw err; } });
    const first = await channel.send(a.user.id, { action: 'send_item', thread_id: withB, item_type: 'text', text: 'to b', client_context: 'reused-1' });
    expect(first).toMatchObject({ status: 'ok' });
    const again = await channel.send(a.user.id, { action: 'send_item', thread_id: withC, item_type: 'text', text: 'to c', client_context: 'reused-1' });
    expect(again).toMatchObject({ client_context: 'reused-1', status: 'fail', code: 'direct_client_context_taken' });
    expect(await itemsOf(withC)).toEqual([]);
    // The same thread still takes the resend as the first message.
    const resent = await channel.send(a.user.id, { action: 'send_item', thread_id: withB, item_type: 'text', text: 'to b', client_context: 'reused-1' });
    expect(resent).toMatchObject({ status: 'ok', payload: { item_id: (first as { payload: { item_id: string } }).payload.item_id } });
    expect(await itemsOf(withB)).toHaveLength(1);
  });

  it('reused in a second thread over HTTP, the send is a 409 with its code', async () => {
    const { a, withB, withC } = await twoThreads();
    const link = (threadId: string) => a.agent.post('/direct_v2/web/threads/broadcast/link/', {
      thread_id: threadId, link_text: 'look https://example.com', link_urls: JSON.stringify(['https://example.com']), client_context: 'reused-2',
    });
    expect((await link(withB)).status).toBe(200);
    const res = await link(withC);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'fail', code: 'direct_client_context_taken' });
    expect(await itemsOf(withC)).toEqual([]);
  });

  it('another sender may use the same client_context', async () => {
    const { a, b, withB } = await twoThreads();
    const one = await direct.deliver(a.user.id, withB, { type: 'text', text: 'from a' }, 'shared-ctx');
    const two = await direct.deliver(b.user.id, withB, { type: 'text', text: 'from b' }, 'shared-ctx');
    expect(two.item_id).not.toBe(one.item_id);
  });
});
