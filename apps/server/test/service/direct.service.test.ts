import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Direct } from '../../src/features/direct/service.js';
import { directOver, RecordingPublisher } from '../helpers/direct.js';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The direct service on the test database: threads and their items, for their members and for everyone else. */
let t: TestApp;
let direct: Direct;
let seed: ReturnType<typeof seeding>;
const publisher = new RecordingPublisher();

const itemsOf = async (threadId: string) => t.db.selectFrom('direct_items').select(['id', 'user_id', 'text']).where('thread_id', '=', threadId).execute();
const memberState = async (threadId: string, userId: string) =>
  (await t.db.selectFrom('direct_members').select('state').where('thread_id', '=', threadId).where('user_id', '=', userId).executeTakeFirst())?.state;
const text = (body: string) => ({ type: 'text' as const, text: body });

/** Two people, the second following the first, and the first's thread with the second. */
async function friends() {
  const [a, b] = [await seed.user('a'), await seed.user('b')];
  await follow(t.db, b, a);
  return { a, b, threadId: (await direct.createThread(a, [b])).threadId };
}

beforeAll(async () => {
  t = await createTestApp({ directPublisher: publisher });
  ({ direct } = directOver(t, publisher));
  seed = seeding(t, servicesOver(t));
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`direct service (${databaseKind})`, () => {
  it('one person\'s thread with another is one thread, asked for from either side', async () => {
    const { a, b, threadId } = await friends();
    expect((await direct.createThread(a, [b])).threadId).toBe(threadId);
    expect((await direct.createThread(b, [a])).threadId).toBe(threadId);
    await expect(direct.createThread(a, [a])).rejects.toMatchObject({ statusCode: 400, extra: { code: 'direct_recipients_invalid' } });
  });

  it('a member sends and reads; someone outside the thread can neither read nor write it, and nothing is written', async () => {
    const { a, b, threadId } = await friends();
    await direct.deliver(a, threadId, text('hello'), null);
    const read = await direct.thread(b, threadId, { limit: 20 });
    expect(read.items.map((i) => i.text)).toEqual(['hello']);
    const outsider = await seed.user('outsider');
    await expect(direct.thread(outsider, threadId, { limit: 20 })).rejects.toMatchObject({ statusCode: 404, extra: { code: 'thread_not_found' } });
    await expect(direct.deliver(outsider, threadId, text('let me in'), null)).rejects.toMatchObject({ statusCode: 404 });
    expect((await itemsOf(threadId)).map((i) => i.text)).toEqual(['hello']);
  });

  it('a thread cannot be started with someone a block stands between: as a missing account one way, refused the other', async () => {
    const [me, blocker, blocked] = [await seed.user('me'), await seed.user('blocker'), await seed.user('blocked')];
    await t.db.insertInto('blocks').values([
      { id: seed.id(), blocker_id: blocker, blocked_id: me },
      { id: seed.id(), blocker_id: me, blocked_id: blocked },
    ]).execute();
    await expect(direct.createThread(me, [blocker])).rejects.toMatchObject({ statusCode: 404, extra: { code: 'user_not_found' } });
    await expect(direct.createThread(me, [blocked])).rejects.toMatchObject({ statusCode: 403 });
    await expect(direct.createThread(me, ['4242424242'])).rejects.toMatchObject({ statusCode: 404 });
    const mine = await t.db.selectFrom('direct_members').select('thread_id').where('user_id', '=', me).execute();
    expect(mine).toEqual([]);
  });

  it('a block after the thread began stops the blocked person\'s sends', async () => {
    const { a, b, threadId } = await friends();
    await direct.deliver(b, threadId, text('before'), null);
    await t.db.insertInto('blocks').values({ id: seed.id(), blocker_id: a, blocked_id: b }).execute();
    await expect(direct.deliver(b, threadId, text('after'), null)).rejects.toMatchObject({ statusCode: 403, extra: { code: 'direct_cannot_message' } });
    expect((await itemsOf(threadId)).map((i) => i.text)).toEqual(['before']);
  });

  it('a message to someone who does not follow the sender waits in their requests until they accept it', async () => {
    const [sender, stranger] = [await seed.user('sender'), await seed.user('stranger')];
    const { threadId } = await direct.createThread(sender, [stranger]);
    await direct.deliver(sender, threadId, text('hi, we have not met'), null);
    expect(await memberState(threadId, stranger)).toBe('pending');
    const pending = await direct.pendingInbox(stranger, { limit: 20, threadMessageLimit: 1 });
    expect(pending.inbox.threads.map((th) => th.thread_id)).toContain(threadId);
    expect((await direct.inbox(stranger, { limit: 20, threadMessageLimit: 1 })).inbox.threads.map((th) => th.thread_id)).not.toContain(threadId);
    // The sender cannot accept on the stranger's behalf.
    await direct.approve(sender, [threadId]);
    expect(await memberState(threadId, stranger)).toBe('pending');
    await direct.approve(stranger, [threadId]);
    expect(await memberState(threadId, stranger)).toBe('active');
  });

  it('only the sender unsends an item: the other member is refused and the item stays', async () => {
    const { a, b, threadId } = await friends();
    const item = await direct.deliver(a, threadId, text('mine to take back'), null);
    await expect(direct.deleteItem(b, threadId, item.item_id)).rejects.toMatchObject({ statusCode: 403, extra: { code: 'direct_not_own_item' } });
    expect(await itemsOf(threadId)).toHaveLength(1);
    await direct.deleteItem(a, threadId, item.item_id);
    expect(await itemsOf(threadId)).toEqual([]);
  });

  it('an item is reached only through its own thread', async () => {
    const first = await friends();
    const second = await friends();
    const item = await direct.deliver(first.a, first.threadId, text('here'), null);
    await expect(direct.deleteItem(second.a, second.threadId, item.item_id)).rejects.toMatchObject({ statusCode: 404, extra: { code: 'direct_item_not_found' } });
    await expect(direct.like(second.a, second.threadId, item.item_id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await itemsOf(first.threadId)).toHaveLength(1);
  });

  it('in a group only an admin removes people; a member who tries changes nothing', async () => {
    const [admin, x, y] = [await seed.user('admin'), await seed.user('x'), await seed.user('y')];
    await follow(t.db, x, admin);
    await follow(t.db, y, admin);
    const { threadId } = await direct.createThread(admin, [x, y]);
    await expect(direct.removeUsers(x, threadId, [y])).rejects.toMatchObject({ statusCode: 403 });
    expect(await memberState(threadId, y)).toBe('active');
    await direct.removeUsers(admin, threadId, [y]);
    expect(await memberState(threadId, y)).toBe('removed');
    await expect(direct.thread(y, threadId, { limit: 20 })).rejects.toMatchObject({ statusCode: 404 });
  });
});
