import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_TITLE_MAX_LENGTH, directPaths } from '@shutter/contract';
import { signedUpAgent } from './helpers/agent.js';
import { directOver, RecordingPublisher } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import type { Direct } from '../src/features/direct/service.js';

let t: TestApp;
let direct: Direct;
const publisher = new RecordingPublisher();
beforeAll(async () => {
  t = await createTestApp({ directPublisher: publisher });
  ({ direct } = directOver(t, publisher));
});
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
const ids = (users: { id: string }[]) => users.map((u) => u.id).sort();
const threadOf = async (p: Person, threadId: string) => (await p.agent.get(`/direct_v2/web/threads/${threadId}/`)).body.thread;
const post = (p: Person, threadId: string, action: string, form: Record<string, string> = {}) => p.agent.post(`/direct_v2/web/threads/${threadId}/${action}/`, form);
const lines = async (p: Person, threadId: string) =>
  (await threadOf(p, threadId)).items.filter((i: { item_type: string }) => i.item_type === 'action_log').map((i: { action_log: { description: string } }) => i.action_log.description);

/** A group of `size` people who all follow its creator (the first). */
async function group(size = 3): Promise<{ people: Person[]; threadId: string }> {
  const people: Person[] = [];
  for (let i = 0; i < size; i += 1) people.push(await person());
  for (const p of people.slice(1)) await follow(t.db, p.user.id, people[0]!.user.id);
  const res = await people[0]!.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify(people.slice(1).map((p) => p.user.id)) });
  return { people, threadId: res.body.thread_id };
}

describe(`direct: groups (${databaseKind})`, () => {
  it('R-002-direct-api-10: add_user adds people to a group with an action line; update_title names it', async () => {
    const { people: [a, b, x], threadId } = await group(3);
    const c = await person();
    await follow(t.db, c.user.id, a!.user.id);
    const added = await post(a!, threadId, 'add_user', { user_ids: JSON.stringify([c.user.id]) });
    expect(added.status).toBe(200);
    expect(ids(added.body.thread.users)).toEqual([b!.user.id, x!.user.id, c.user.id].sort());
    expect(await lines(c, threadId)).toEqual([`${a!.user.username} added ${c.user.username}`]);

    publisher.clear();
    const named = await post(b!, threadId, 'update_title', { title: '  Trip  ' });
    expect(named.body.thread).toMatchObject({ thread_title: 'Trip', named: true });
    expect((await lines(a!, threadId))[0]).toBe(`${b!.user.username} named the group Trip`);
    expect(publisher.of(c.user.id)[0]).toMatchObject({ data: [{ op: 'add', value: { item_type: 'action_log' } }, { value: { thread_title: 'Trip' } }, {}] });
    const long = await post(a!, threadId, 'update_title', { title: 'x'.repeat(DIRECT_TITLE_MAX_LENGTH + 1) });
    expect([long.status, long.body.code]).toEqual([400, 'direct_title_long']);
    expect((await threadOf(a!, threadId)).thread_title).toBe('Trip');
    expect((await post(a!, threadId, 'update_title', { title: '' })).body.thread).toMatchObject({ named: false, thread_title: [b!.user.username, x!.user.username, c.user.username].join(', ') });
  });

  it('a one-to-one thread takes no people and no name', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const threadId = (await a.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([b.user.id]) })).body.thread_id;
    expect((await post(a, threadId, 'add_user', { user_ids: JSON.stringify([c.user.id]) })).body.code).toBe('direct_not_group');
    expect((await post(a, threadId, 'update_title', { title: 'us' })).body.code).toBe('direct_not_group');
  });

  it('R-002-direct-21: in a group that requires approval, people added by a member wait until an admin lets them in', async () => {
    const { people: [admin, member], threadId } = await group(3);
    const newcomer = await person();
    expect((await post(member!, threadId, 'approval_required_for_new_members', { enabled: '1' })).body.code).toBe('direct_not_admin');
    expect((await post(admin!, threadId, 'approval_required_for_new_members', { enabled: 'true' })).body.thread.approval_required_for_new_members).toBe(true);
    await post(member!, threadId, 'add_user', { user_ids: JSON.stringify([newcomer.user.id]) });
    expect((await newcomer.agent.get(`/direct_v2/web/threads/${threadId}/`)).status).toBe(404);
    // Who waits is told to admins only.
    expect((await threadOf(admin!, threadId)).pending_user_ids).toEqual([newcomer.user.id]);
    expect((await threadOf(member!, threadId)).pending_user_ids).toEqual([]);
    const refused = await post(member!, threadId, 'approve_participant_requests', { user_ids: JSON.stringify([newcomer.user.id]) });
    expect([refused.status, refused.body.code]).toEqual([403, 'direct_not_admin']);
    const approved = await post(admin!, threadId, 'approve_participant_requests', { user_ids: JSON.stringify([newcomer.user.id]) });
    expect(ids(approved.body.thread.users)).toContain(newcomer.user.id);
    expect(approved.body.thread.pending_user_ids).toEqual([]);
    // Not following the admin, the newcomer finds the group in their requests.
    expect((await threadOf(newcomer, threadId)).pending).toBe(true);
  });

  it('R-002-direct-20: admins make admins and remove people; others may not (403 direct_not_admin)', async () => {
    const { people: [a, b, c], threadId } = await group(3);
    expect((await post(b!, threadId, 'add_admins', { user_ids: JSON.stringify([b!.user.id]) })).body.code).toBe('direct_not_admin');
    expect((await post(b!, threadId, 'remove_users', { user_ids: JSON.stringify([c!.user.id]) })).status).toBe(403);
    expect((await post(a!, threadId, 'add_admins', { user_ids: JSON.stringify([b!.user.id]) })).body.thread.admin_user_ids.sort()).toEqual([a!.user.id, b!.user.id].sort());
    publisher.clear();
    const removed = await post(b!, threadId, 'remove_users', { user_ids: JSON.stringify([c!.user.id]) });
    expect(ids(removed.body.thread.left_users)).toEqual([c!.user.id]);
    expect(await lines(a!, threadId)).toContain(`${b!.user.username} removed ${c!.user.username}`);
    expect((await c!.agent.get(`/direct_v2/web/threads/${threadId}/`)).status).toBe(404);
    expect(publisher.of(c!.user.id)[0]).toMatchObject({ data: [{ op: 'remove', path: directPaths.inboxThread(threadId) }, { path: directPaths.unseenCount }] });
    await expect(direct.deliver(c!.user.id, threadId, { type: 'text', text: 'let me back' }, null)).rejects.toMatchObject({ statusCode: 404 });
    expect((await post(a!, threadId, 'remove_admins', { user_ids: JSON.stringify([b!.user.id]) })).body.thread.admin_user_ids).toEqual([a!.user.id]);
  });

  it('R-002-direct-api-11: leaving a group tells the others; the last admin leaving hands the group to its longest-standing member', async () => {
    const { people: [a, b, c], threadId } = await group(3);
    expect((await post(a!, threadId, 'leave')).body).toEqual({ status: 'ok' });
    const forB = await threadOf(b!, threadId);
    expect(forB.admin_user_ids).toHaveLength(1);
    expect([b!.user.id, c!.user.id]).toContain(forB.admin_user_ids[0]);
    expect(ids(forB.left_users)).toEqual([a!.user.id]);
    expect(await lines(b!, threadId)).toEqual([`${a!.user.username} left the group`]);
    expect((await a!.agent.get(`/direct_v2/web/threads/${threadId}/`)).status).toBe(404);
    expect((await a!.agent.get('/direct_v2/web/inbox/')).body.inbox.threads).toEqual([]);
  });

  it('R-002-direct-api-11: mute keeps a thread out of the badge, hide keeps it out of the inbox until its next message', async () => {
    const { people: [a, b], threadId } = await group(3);
    await direct.deliver(a!.user.id, threadId, { type: 'text', text: 'one' }, null);
    expect((await direct.badge(b!.user.id)).badge_count).toBe(1);
    expect((await post(b!, threadId, 'mute')).status).toBe(200);
    expect((await direct.badge(b!.user.id)).badge_count).toBe(0);
    expect((await threadOf(b!, threadId)).muted).toBe(true);
    await post(b!, threadId, 'unmute');
    expect((await direct.badge(b!.user.id)).badge_count).toBe(1);

    expect((await post(b!, threadId, 'hide')).status).toBe(200);
    expect((await b!.agent.get('/direct_v2/web/inbox/')).body.inbox.threads).toEqual([]);
    expect((await direct.badge(b!.user.id)).badge_count).toBe(0);
    await direct.deliver(a!.user.id, threadId, { type: 'text', text: 'two' }, null);
    expect((await b!.agent.get('/direct_v2/web/inbox/')).body.inbox.threads.map((x: { thread_id: string }) => x.thread_id)).toEqual([threadId]);
  });
});

describe(`direct: a message's likes and unsending (${databaseKind})`, () => {
  it('a like on a message is added and taken back, each idempotent, and told to every reader', async () => {
    const { people: [a, b], threadId } = await group(3);
    const item = await direct.deliver(a!.user.id, threadId, { type: 'text', text: 'like me' }, null);
    publisher.clear();
    const liked = await b!.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/like/`);
    expect(liked.body).toMatchObject({ thread_id: threadId, item: { item_id: item.item_id, reactions: { likes: [{ sender_id: b!.user.id }], likes_count: 1 } }, status: 'ok' });
    expect((await b!.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/like/`)).body.item.reactions.likes_count).toBe(1);
    expect(publisher.of(a!.user.id)).toEqual([{ event: 'patch', seq_id: expect.any(Number), data: [{ op: 'replace', path: directPaths.item(threadId, item.item_id), value: expect.objectContaining({ reactions: expect.objectContaining({ likes_count: 1 }) }) }] }]);
    expect((await b!.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/unlike/`)).body.item.reactions.likes_count).toBe(0);
    expect((await b!.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/unlike/`)).status).toBe(200);
    expect(publisher.of(a!.user.id)).toHaveLength(2);
  });

  it('R-002-direct-api-6: only the sender unsends a message; it goes for every reader with its likes, and what it kept is handed on', async () => {
    const { people: [a, b], threadId } = await group(3);
    const removed: unknown[] = [];
    const { direct: watched } = directOver(t, publisher);
    watched.onItemRemoved((item) => { removed.push(item); });
    const photo = { media_type: 1 as const, image_versions2: { candidates: [{ url: '/media/x.jpg', width: 10, height: 10 }] }, original_width: 10, original_height: 10, keys: ['d/x.jpg'] };
    const item = await watched.deliver(a!.user.id, threadId, { type: 'media', photo }, null);
    expect(item.media).toEqual({ media_type: 1, image_versions2: photo.image_versions2, original_width: 10, original_height: 10 });
    await b!.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/like/`);
    const notOwn = await b!.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/delete/`);
    expect([notOwn.status, notOwn.body.code]).toEqual([403, 'direct_not_own_item']);

    publisher.clear();
    await watched.deleteItem(a!.user.id, threadId, item.item_id);
    expect(removed).toEqual([{ itemId: item.item_id, threadId, itemType: 'media', payload: { photo } }]);
    expect(publisher.of(b!.user.id)[0]).toMatchObject({ data: [{ op: 'remove', path: directPaths.item(threadId, item.item_id) }, { path: directPaths.inboxThread(threadId) }, {}] });
    expect((await threadOf(b!, threadId)).items).toEqual([]);
    expect((await threadOf(b!, threadId)).last_permanent_item).toBeNull();
    expect(await t.db.selectFrom('direct_item_reactions').select('user_id').where('item_id', '=', item.item_id).execute()).toEqual([]);
    const again = await a!.agent.post(`/direct_v2/web/threads/${threadId}/items/${item.item_id}/delete/`);
    expect([again.status, again.body.code]).toEqual([404, 'direct_item_not_found']);

    // Over HTTP too.
    const text = await direct.deliver(a!.user.id, threadId, { type: 'text', text: 'oops' }, null);
    expect((await a!.agent.post(`/direct_v2/web/threads/${threadId}/items/${text.item_id}/delete/`)).body).toEqual({ status: 'ok' });
    expect((await threadOf(a!, threadId)).items).toEqual([]);
  });
});
