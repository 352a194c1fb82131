import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The posts service on the test database: publishing, seeing, liking, saving and deleting, by who may and who may not. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
const people = {} as Record<'owner' | 'follower' | 'stranger' | 'blocked' | 'open', string>;

const count = async (table: 'likes' | 'saves' | 'media' | 'events', where: Record<string, string>) => {
  let q = t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
  for (const [column, value] of Object.entries(where)) q = q.where(column as never, '=', value as never);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  people.owner = await seed.user('owner', { private: true });
  people.follower = await seed.user('follower');
  people.stranger = await seed.user('stranger');
  people.blocked = await seed.user('blocked');
  people.open = await seed.user('open');
  await follow(t.db, people.follower, people.owner);
  await s.friendships.block(people.open, people.blocked);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`posts service (${databaseKind})`, () => {
  it('a private account\'s post is there for its owner and followers, and not found for a stranger or a visitor', async () => {
    const id = await seed.post(people.owner, { caption: 'quiet' });
    await expect(s.posts.visible(id, people.owner)).resolves.toMatchObject({ id, owner_id: people.owner });
    await expect(s.posts.page(id, people.follower)).resolves.toMatchObject({ id });
    await expect(s.posts.page(id, people.stranger)).rejects.toMatchObject({ statusCode: 404, extra: { code: 'post_not_found' } });
    await expect(s.posts.visible(id, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a public post is there for a visitor, and not for the person its owner blocked', async () => {
    const id = await seed.post(people.open);
    await expect(s.posts.page(id, null)).resolves.toMatchObject({ id });
    await expect(s.posts.page(id, people.stranger)).resolves.toMatchObject({ id });
    await expect(s.posts.page(id, people.blocked)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.posts.like(id, people.blocked)).rejects.toMatchObject({ statusCode: 404 });
    expect(await count('likes', { media_id: id })).toBe(0);
  });

  it('a follower\'s like counts once and tells the owner once; the unlike takes both back', async () => {
    const id = await seed.post(people.owner);
    await s.posts.like(id, people.follower);
    await s.posts.like(id, people.follower);
    expect(await s.posts.likeCount(id)).toBe(1);
    expect(await count('events', { user_id: people.owner, actor_id: people.follower, type: 'like', media_id: id })).toBe(1);
    await s.posts.unlike(id, people.follower);
    expect(await s.posts.likeCount(id)).toBe(0);
    expect(await count('events', { user_id: people.owner, actor_id: people.follower, type: 'like', media_id: id })).toBe(0);
  });

  it('a stranger can neither like nor save a private account\'s post, and nothing is written', async () => {
    const id = await seed.post(people.owner);
    await expect(s.posts.like(id, people.stranger)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.posts.save(id, people.stranger)).rejects.toMatchObject({ statusCode: 404 });
    expect(await count('likes', { media_id: id })).toBe(0);
    expect(await count('saves', { media_id: id })).toBe(0);
    expect(await count('events', { user_id: people.owner, actor_id: people.stranger })).toBe(0);
  });

  it('a follower saves and unsaves; the save is theirs alone', async () => {
    const id = await seed.post(people.owner);
    await s.posts.save(id, people.follower);
    await s.posts.save(id, people.follower);
    expect(await count('saves', { media_id: id, user_id: people.follower })).toBe(1);
    const saved = await s.tabs.saved(people.follower, 12, null);
    expect(saved.edges.map((e) => e.node.id)).toContain(id);
    expect((await s.tabs.saved(people.owner, 12, null)).edges.map((e) => e.node.id)).not.toContain(id);
    await s.posts.unsave(id, people.follower);
    expect(await count('saves', { media_id: id })).toBe(0);
  });

  it('only the owner deletes a post: a follower gets 403 and the post stays', async () => {
    const id = await seed.post(people.owner);
    await expect(s.posts.remove(id, people.follower)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.posts.remove(id, people.stranger)).rejects.toMatchObject({ statusCode: 404 });
    expect(await count('media', { id })).toBe(1);
    await s.posts.remove(id, people.owner);
    expect(await count('media', { id })).toBe(0);
    await expect(s.posts.visible(id, people.owner)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('publishing someone else\'s upload, or one that does not exist, is refused and writes no post', async () => {
    const theirs = await seed.upload(people.open);
    const before = await count('media', { owner_id: people.stranger });
    const input = (uploadId: string) => ({ caption: '', hashtags: [], place: null, items: [{ uploadId, alt: null, usertags: [] }] });
    await expect(s.posts.publish(people.stranger, input(theirs))).rejects.toMatchObject({ statusCode: 400 });
    await expect(s.posts.publish(people.stranger, input('424242'))).rejects.toMatchObject({ statusCode: 400 });
    expect(await count('media', { owner_id: people.stranger })).toBe(before);
  });

  it('the same upload published twice answers the one post it made', async () => {
    const uploadId = await seed.upload(people.open);
    const input = { caption: 'again', hashtags: [], place: null, items: [{ uploadId, alt: null, usertags: [] }] };
    const first = await s.posts.publish(people.open, input);
    const second = await s.posts.publish(people.open, input);
    expect(second.id).toBe(first.id);
    expect(await count('media', { owner_id: people.open })).toBeGreaterThan(0);
    const rows = await t.db.selectFrom('media').select('id').where('caption', '=', 'again').where('owner_id', '=', people.open).execute();
    expect(rows).toHaveLength(1);
  });

  it('tagging someone who does not exist is refused; a real tag tells the tagged person', async () => {
    const uploadId = await seed.upload(people.open);
    await expect(s.posts.publish(people.open, { caption: '', hashtags: [], place: null, items: [{ uploadId, alt: null, usertags: [{ user_id: '777777777', x: 0.1, y: 0.1 }] }] }))
      .rejects.toMatchObject({ statusCode: 400 });
    expect((await t.db.selectFrom('uploads').select('media_id').where('upload_id', '=', uploadId).executeTakeFirstOrThrow()).media_id).toBeNull();
    const id = await seed.post(people.open, { usertags: [people.stranger] });
    expect(await count('events', { user_id: people.stranger, type: 'usertag', media_id: id })).toBe(1);
  });

  it('a post\'s likers: not for a stranger to a private post; someone the viewer blocked is left out of the list but counted', async () => {
    const postId = await seed.post(people.open);
    const pest = await seed.user('pest');
    const viewer = await seed.user('viewer');
    await s.posts.like(postId, pest);
    await s.posts.like(postId, people.stranger);
    await s.friendships.block(viewer, pest);
    const seen = await s.likedBy(postId, viewer, 10, null);
    expect(seen.count).toBe(2);
    expect(seen.edges.map((e) => e.node.id)).toEqual([people.stranger]);
    const hidden = await seed.post(people.owner);
    await expect(s.likedBy(hidden, people.stranger, 10, null)).rejects.toMatchObject({ statusCode: 404 });
  });
});
