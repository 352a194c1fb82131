import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpAgent } from './helpers/agent.js';
import { directOver, RecordingPublisher } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import type { Direct } from '../src/features/direct/service.js';

/**
 * A send is stored in one statement, without a transaction held around it: many senders writing to
 * one person at once still give that person one sequence number per message, with no gap and none
 * twice, and a client_context sent twice at once is still one message.
 */
let t: TestApp;
let direct: Direct;
const publisher = new RecordingPublisher();
beforeAll(async () => {
  t = await createTestApp({ directPublisher: publisher });
  ({ direct } = directOver(t, publisher));
});
afterAll(async () => { await t.close(); });

const SENDERS = 5;
const EACH = 4;
const storedSeq = async (userId: string) => Number((await t.db.selectFrom('direct_seq').select('seq').where('user_id', '=', userId).executeTakeFirst())?.seq ?? 0);
const itemsOf = async (threadId: string) =>
  t.db.selectFrom('direct_items').select(['id', 'user_id', 'text', 'client_context']).where('thread_id', '=', threadId).orderBy('id').execute();

describe(`direct: sends at the same moment (${databaseKind})`, () => {
  it('senders writing to one person at once: every message once, the person\'s numbers distinct and without a gap, each thread in order', async () => {
    const receiver = await signedUpAgent(t.app);
    const senders = await Promise.all(Array.from({ length: SENDERS }, () => signedUpAgent(t.app)));
    const threads: string[] = [];
    for (const s of senders) {
      await follow(t.db, receiver.user.id, s.user.id);
      threads.push((await direct.createThread(s.user.id, [receiver.user.id])).threadId);
    }
    const before = await storedSeq(receiver.user.id);
    publisher.clear();

    // Each message goes out twice at once with its client_context, as a client retrying over a dropped connection.
    const sends = senders.flatMap((s, i) => Array.from({ length: EACH }, (_, n) => {
      const send = () => direct.deliver(s.user.id, threads[i]!, { type: 'text', text: `${i}:${n}` }, `c-${i}-${n}`);
      return Promise.all([send(), send()]);
    }));
    const answers = await Promise.all(sends);
    for (const [first, second] of answers) expect(second.item_id).toBe(first.item_id);

    const messages = SENDERS * EACH;
    const seqs = publisher.of(receiver.user.id).map((e) => Number(e.seq_id));
    expect(seqs).toHaveLength(messages);
    expect([...seqs].sort((x, y) => x - y)).toEqual(Array.from({ length: messages }, (_, n) => before + 1 + n));
    expect(await storedSeq(receiver.user.id)).toBe(before + messages);

    for (const [i, threadId] of threads.entries()) {
      const items = await itemsOf(threadId);
      expect(items.map((r) => r.client_context).sort()).toEqual(Array.from({ length: EACH }, (_, n) => `c-${i}-${n}`).sort());
      const thread = await t.db.selectFrom('direct_threads').select(['last_item_id', 'last_permanent_item_id']).where('id', '=', threadId).executeTakeFirstOrThrow();
      expect(thread).toEqual({ last_item_id: items.at(-1)!.id, last_permanent_item_id: items.at(-1)!.id });
      // Each sender's own events: one per message, numbered one after another.
      const own = publisher.of(senders[i]!.user.id).map((e) => Number(e.seq_id)).sort((x, y) => x - y);
      expect(new Set(own).size).toBe(EACH);
      expect(own.at(-1)! - own[0]!).toBe(EACH - 1);
    }
    // The inbox answers the number the events reached, so a client that loads it misses nothing after it.
    expect((await receiver.agent.get('/direct_v2/web/inbox/')).body.seq_id).toBe(before + messages);
  });

  it('both members of a thread writing at once: the thread\'s newest item is the one with the highest id', async () => {
    const [a, b] = [await signedUpAgent(t.app), await signedUpAgent(t.app)];
    await follow(t.db, b.user.id, a.user.id);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    await Promise.all(Array.from({ length: 8 }, (_, n) => direct.deliver(n % 2 ? a.user.id : b.user.id, threadId, { type: 'text', text: `m${n}` }, null)));
    const items = await itemsOf(threadId);
    expect(items).toHaveLength(8);
    const thread = await t.db.selectFrom('direct_threads').select(['last_item_id', 'last_permanent_user_id']).where('id', '=', threadId).executeTakeFirstOrThrow();
    expect(thread).toEqual({ last_item_id: items.at(-1)!.id, last_permanent_user_id: items.at(-1)!.user_id });
  });
});
