import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DirectInboxResult } from '@shutter/contract';
import { Agent } from './helpers/agent.js';
import { listen, type Channel } from './helpers/channel.js';
import { friendsWithThread, openChannel, sendText, type Person } from './helpers/chat.js';
import { databaseKind, sameSessionOn, twoInstances, type TestApp } from './helpers/test-app.js';

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe(`the inbox's prepared first page across two instances (${databaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  let originA: string;
  const open: Channel[] = [];
  beforeAll(async () => {
    [a, b] = await twoInstances();
    originA = await listen(a.app);
  });
  afterEach(async () => { await Promise.all(open.splice(0).map((c) => c.end())); });
  afterAll(async () => { await b.close(); await a.close(); });
  const onB = (person: Person) => sameSessionOn(b, person.agent);
  const texts = async (agent: Agent, threadId: string) => {
    const body = (await agent.get('/direct_v2/web/inbox/')).body as DirectInboxResult;
    return body.inbox.threads.find((x) => x.thread_id === threadId)?.items.map((i) => i.text);
  };

  it('a message sent on one instance shows in the inbox the other prepared', async () => {
    const { alice, bob, threadId } = await friendsWithThread(a);
    const bobOnB = onB(bob);
    const channel = await openChannel(originA, alice, open);
    // Each change reaches the other instance by pub/sub, within milliseconds.
    const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 5000, interval: 20 });
    sendText(channel, threadId, 'first', 'ctx-a1');
    await poll(() => texts(bobOnB, threadId)).toEqual(['first']);
    // Prepared on B now; the next message, sent over A's channel, drops it there.
    expect(await texts(bobOnB, threadId)).toEqual(['first']);
    sendText(channel, threadId, 'second', 'ctx-a2');
    await poll(() => texts(bobOnB, threadId)).toEqual(['second', 'first']);
    // And a write over HTTP on A: the writer's own inbox prepared on B.
    expect((await alice.agent.post(`/direct_v2/web/threads/${threadId}/hide/`)).status).toBe(200);
    await poll(() => texts(onB(alice), threadId)).toBeUndefined();
  });
});
