import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The profile tabs service on the test database: the tagged tab, the tagged person's say over tags, and saved posts. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;

const taggedIds = async (userId: string, viewerId: string | null) => (await s.tabs.tagged(userId, viewerId, 24, null)).edges.map((e) => ({ id: e.node.id, status: e.node.tag_status }));
const tagRow = (userId: string, mediaId: string) => t.db.selectFrom('usertags').select('status').where('user_id', '=', userId).where('media_id', '=', mediaId).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`profile tabs service (${databaseKind})`, () => {
  it('a new tag waits for the tagged person: they see it pending, everyone else sees nothing yet', async () => {
    const [poster, tagged, visitor] = [await seed.user('poster'), await seed.user('tagged'), await seed.user('visitor')];
    const postId = await seed.post(poster, { usertags: [tagged] });
    expect(await taggedIds(tagged, tagged)).toEqual([{ id: postId, status: 'pending' }]);
    expect(await taggedIds(tagged, visitor)).toEqual([]);
    expect(await s.tabs.taggedCount(tagged, null)).toBe(0);
  });

  it('only the tagged person approves or removes their tag; anyone else is told they are not tagged, and nothing changes', async () => {
    const [poster, tagged, other] = [await seed.user('poster'), await seed.user('tagged'), await seed.user('other')];
    const postId = await seed.post(poster, { usertags: [tagged] });
    await expect(s.tabs.approveTag(other, postId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.tabs.approveTag(poster, postId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.tabs.removeTag(other, postId)).rejects.toMatchObject({ statusCode: 404 });
    expect(await tagRow(tagged, postId)).toMatchObject({ status: 'pending' });
    await s.tabs.approveTag(tagged, postId);
    expect(await tagRow(tagged, postId)).toMatchObject({ status: 'approved' });
    expect(await taggedIds(tagged, null)).toEqual([{ id: postId, status: 'approved' }]);
    expect(await s.tabs.taggedCount(tagged, other)).toBe(1);
  });

  it('a removed tag leaves the tab for good', async () => {
    const [poster, tagged] = [await seed.user('poster'), await seed.user('tagged')];
    const postId = await seed.post(poster, { usertags: [tagged] });
    await s.tabs.approveTag(tagged, postId);
    await s.tabs.removeTag(tagged, postId);
    expect(await tagRow(tagged, postId)).toBeUndefined();
    expect(await taggedIds(tagged, tagged)).toEqual([]);
    await expect(s.tabs.removeTag(tagged, postId)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a person who does not review tags is tagged at once', async () => {
    const [poster, easy] = [await seed.user('poster'), await seed.user('easy')];
    expect(await s.tabs.reviewsTags(easy)).toBe(true);
    await s.tabs.setReviewsTags(easy, false);
    expect(await s.tabs.reviewsTags(easy)).toBe(false);
    const postId = await seed.post(poster, { usertags: [easy] });
    expect(await taggedIds(easy, null)).toEqual([{ id: postId, status: 'approved' }]);
  });

  it('a private account\'s tagged tab is for its followers: 403 for a stranger, 404 for someone it blocked', async () => {
    const [owner, fan, stranger, blocked, poster] = [await seed.user('owner', { private: true }), await seed.user('fan'), await seed.user('stranger'), await seed.user('blocked'), await seed.user('poster')];
    await follow(t.db, fan, owner);
    await s.friendships.block(owner, blocked);
    await s.tabs.setReviewsTags(owner, false);
    const postId = await seed.post(poster, { usertags: [owner] });
    expect((await taggedIds(owner, fan)).map((e) => e.id)).toEqual([postId]);
    await expect(s.tabs.tagged(owner, stranger, 24, null)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.tabs.tagged(owner, null, 24, null)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.tabs.tagged(owner, blocked, 24, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a tag on a private account\'s post is not shown on the tagged person\'s tab to those who cannot see the post', async () => {
    const [hidden, tagged, stranger] = [await seed.user('hidden', { private: true }), await seed.user('tagged'), await seed.user('stranger')];
    await s.tabs.setReviewsTags(tagged, false);
    const postId = await seed.post(hidden, { usertags: [tagged] });
    expect(await taggedIds(tagged, stranger)).toEqual([]);
    expect(await s.tabs.taggedCount(tagged, stranger)).toBe(0);
    await follow(t.db, stranger, hidden);
    expect((await taggedIds(tagged, stranger)).map((e) => e.id)).toEqual([postId]);
  });

  it('saved posts are the viewer\'s own, newest save first, with their count', async () => {
    const [poster, saver] = [await seed.user('poster'), await seed.user('saver')];
    const [a, b] = [await seed.post(poster), await seed.post(poster)];
    await s.posts.save(b, saver);
    await s.posts.save(a, saver);
    const saved = await s.tabs.saved(saver, 24, null);
    expect(saved.count).toBe(2);
    expect(saved.edges.map((e) => e.node.id)).toEqual([a, b]);
    expect((await s.tabs.saved(poster, 24, null)).count).toBe(0);
  });
});
