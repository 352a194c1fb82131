import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_TYPING_PACE_MS, DIRECT_TYPING_RENEW_MS, directPaths, type PatchOp, type SyncEvent } from '@shutter/contract';
import { signedUpAgent } from './helpers/agent.js';
import { directOver, RecordingPublisher } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import type { Direct } from '../src/features/direct/service.js';
import { createTypingRelay, TYPING_MEMBER_TRUST_MS } from '../src/features/direct/typing.js';

let t: TestApp;
let direct: Direct;
const publisher = new RecordingPublisher();
beforeAll(async () => {
  t = await createTestApp({ directPublisher: publisher });
  ({ direct } = directOver(t, publisher));
});
afterAll(async () => { await t.close(); });

const person = () => signedUpAgent(t.app);
/** The typing states `to` was told of `senderId` in a thread: 1 for an add, 0 for a remove. */
const typingOf = (to: string, threadId: string, senderId: string) => publisher.of(to)
  .flatMap((e: SyncEvent) => (e.event === 'patch' ? e.data as PatchOp[] : []))
  .filter((op) => op.path === directPaths.typing(threadId, senderId))
  .map((op) => (op.op === 'add' ? 1 : 0));

/** A relay on a clock the test moves, and how many times it read a membership. */
function relayAt(start = 1_000_000) {
  const clock = { now: start };
  const reads = { n: 0 };
  const counted: Pick<Direct, 'requireMember' | 'readers' | 'publishNow'> = {
    requireMember: (viewerId, threadId) => { reads.n++; return direct.requireMember(viewerId, threadId); },
    readers: direct.readers,
    publishNow: direct.publishNow,
  };
  const relay = createTypingRelay({ direct: counted, onError: (err) => { throw err; }, now: () => clock.now });
  return { relay, clock, reads };
}

describe(`direct: typing, paced and checked (${databaseKind})`, () => {
  it('the pace is under a client\'s renewal, so a person typing steadily is told every time', () => {
    expect(DIRECT_TYPING_PACE_MS).toBeLessThan(DIRECT_TYPING_RENEW_MS);
  });

  it('a flood is told once a window, the state it ended on arrives when the window ends, and the place is read once', async () => {
    const [a, b] = [await person(), await person()];
    await follow(t.db, b.user.id, a.user.id);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    const { relay, clock, reads } = relayAt();
    publisher.clear();
    for (let n = 0; n < 500; n++) await relay.send(a.user.id, threadId, 1);
    await relay.send(a.user.id, threadId, 0);
    expect(typingOf(b.user.id, threadId, a.user.id)).toEqual([1]);
    // The stop is held for the end of the window (on the real clock), then told.
    await expect.poll(() => typingOf(b.user.id, threadId, a.user.id), { timeout: DIRECT_TYPING_PACE_MS * 3 }).toEqual([1, 0]);
    clock.now += DIRECT_TYPING_PACE_MS;
    await relay.send(a.user.id, threadId, 1);
    expect(typingOf(b.user.id, threadId, a.user.id)).toEqual([1, 0, 1]);
    expect(publisher.of(a.user.id)).toEqual([]);
    expect(reads.n).toBe(1);
    relay.stop();
  });

  it('a start and its stop inside one window are told as the start, then nothing more once it ends on the start', async () => {
    const [a, b] = [await person(), await person()];
    await follow(t.db, b.user.id, a.user.id);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    const { relay } = relayAt();
    publisher.clear();
    await relay.send(a.user.id, threadId, 1);
    await relay.send(a.user.id, threadId, 0);
    await relay.send(a.user.id, threadId, 1);
    await new Promise((resolve) => setTimeout(resolve, DIRECT_TYPING_PACE_MS + 500));
    expect(typingOf(b.user.id, threadId, a.user.id)).toEqual([1]);
    relay.stop();
  });

  it('someone not in the thread is never told on, and each window reads their place once', async () => {
    const [a, b, stranger] = [await person(), await person(), await person()];
    await follow(t.db, b.user.id, a.user.id);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    const { relay, clock, reads } = relayAt();
    publisher.clear();
    for (let n = 0; n < 200; n++) await relay.send(stranger.user.id, threadId, 1);
    clock.now += DIRECT_TYPING_PACE_MS;
    await relay.send(stranger.user.id, threadId, 1);
    expect(publisher.events).toEqual([]);
    expect(reads.n).toBe(2);
    relay.stop();
  });

  it(`removed from a group, a person's typing stops being told within ${TYPING_MEMBER_TRUST_MS} ms`, async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await follow(t.db, b.user.id, a.user.id);
    await follow(t.db, c.user.id, a.user.id);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id, c.user.id]);
    const { relay, clock } = relayAt();
    publisher.clear();
    await relay.send(c.user.id, threadId, 1);
    await direct.removeUsers(a.user.id, threadId, [c.user.id]);
    publisher.clear();
    // Still trusted: the bound, not a promise of more.
    clock.now += TYPING_MEMBER_TRUST_MS - 1;
    await relay.send(c.user.id, threadId, 1);
    expect(typingOf(b.user.id, threadId, c.user.id)).toEqual([1]);
    clock.now += DIRECT_TYPING_PACE_MS;
    await relay.send(c.user.id, threadId, 1);
    clock.now += DIRECT_TYPING_PACE_MS;
    await relay.send(c.user.id, threadId, 1);
    expect(typingOf(b.user.id, threadId, c.user.id)).toEqual([1]);
    relay.stop();
  });

  it(`blocked by the other person of a one-to-one thread, typing stops being told within ${TYPING_MEMBER_TRUST_MS} ms`, async () => {
    const [a, b] = [await person(), await person()];
    await follow(t.db, b.user.id, a.user.id);
    const { threadId } = await direct.createThread(a.user.id, [b.user.id]);
    const { relay, clock } = relayAt();
    publisher.clear();
    await relay.send(a.user.id, threadId, 1);
    expect((await b.agent.post(`/web/friendships/${a.user.id}/block/`)).status).toBe(200);
    clock.now += TYPING_MEMBER_TRUST_MS;
    await relay.send(a.user.id, threadId, 1);
    expect(typingOf(b.user.id, threadId, a.user.id)).toEqual([1]);
    relay.stop();
  });
});
