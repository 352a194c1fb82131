import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The activity service on the test database: what a person is told, and what they must not be told. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;

const feedTypes = async (userId: string) => (await s.activity.feed(userId)).edge_web_activity_feed.edges.map((e) => ({ type: e.node.type, actor: e.node.user.id, media: e.node.media?.id ?? null }));

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`activity service (${databaseKind})`, () => {
  it('a like on someone\'s post reaches their feed and unread counts; one\'s own like tells no one', async () => {
    const [owner, fan] = [await seed.user('owner'), await seed.user('fan')];
    const postId = await seed.post(owner);
    await s.posts.like(postId, fan);
    await s.posts.like(postId, owner);
    expect(await feedTypes(owner)).toEqual([{ type: 'like', actor: fan, media: postId }]);
    expect(await s.activity.counts(owner)).toMatchObject({ likes: 1, comments: 0, relationships: 0 });
    expect(await feedTypes(fan)).toEqual([]);
  });

  it('record drops events whose actor is their reader, and keeps 300 characters of text', async () => {
    const [a, b] = [await seed.user('a'), await seed.user('b')];
    await s.activity.record([
      { userId: a, actorId: a, type: 'follow' },
      { userId: a, actorId: b, type: 'mention', text: 'x'.repeat(500) },
    ]);
    const rows = await t.db.selectFrom('events').select(['actor_id', 'text']).where('user_id', '=', a).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_id).toBe(b);
    expect(rows[0]!.text).toHaveLength(300);
  });

  it('a mention in a comment on a private post is not told to a mentioned stranger who cannot see the post', async () => {
    const [owner, fan, stranger] = [await seed.user('owner', { private: true }), await seed.user('fan'), await seed.user('stranger')];
    await follow(t.db, fan, owner);
    const postId = await seed.post(owner);
    await s.comments.add(postId, fan, `look @${await seed.username(stranger)}`, undefined);
    expect(await feedTypes(stranger)).toEqual([]);
    expect((await s.activity.counts(stranger)).comments).toBe(0);
    // The owner is told of the comment on their own post.
    expect(await feedTypes(owner)).toEqual([{ type: 'comment', actor: fan, media: postId }]);
    // Once the stranger follows, the post and the mention show.
    await follow(t.db, stranger, owner);
    expect((await feedTypes(stranger)).map((e) => e.type)).toEqual(['mention']);
  });

  it('what a blocked person did is not shown to the one who blocked them', async () => {
    const [me, pest] = [await seed.user('me'), await seed.user('pest')];
    await s.friendships.follow(pest, me);
    expect((await feedTypes(me)).map((e) => e.actor)).toEqual([pest]);
    await s.friendships.block(me, pest);
    expect(await feedTypes(me)).toEqual([]);
  });

  it('a follow request counts as unread but is listed with the requests, not in the feed', async () => {
    const [owner, asker] = [await seed.user('owner', { private: true }), await seed.user('asker')];
    await s.friendships.follow(asker, owner);
    expect((await s.activity.counts(owner)).relationships).toBe(1);
    expect(await feedTypes(owner)).toEqual([]);
  });

  it('the checked mark moves forward only: counts clear, and an older mark does not bring them back', async () => {
    const [owner, fan] = [await seed.user('owner'), await seed.user('fan')];
    const postId = await seed.post(owner);
    await s.posts.like(postId, fan);
    expect((await s.activity.counts(owner)).likes).toBe(1);
    await s.activity.markChecked(owner, Math.ceil(Date.now() / 1000) + 1);
    expect((await s.activity.counts(owner)).likes).toBe(0);
    await s.activity.markChecked(owner, 0);
    expect((await s.activity.counts(owner)).likes).toBe(0);
    // The feed still lists what was read.
    expect((await feedTypes(owner)).map((e) => e.type)).toEqual(['like']);
  });

  it('forget takes back only the matching event', async () => {
    const [owner, fan] = [await seed.user('owner'), await seed.user('fan')];
    const [p1, p2] = [await seed.post(owner), await seed.post(owner)];
    await s.posts.like(p1, fan);
    await s.posts.like(p2, fan);
    await s.activity.forget({ actorId: fan, type: 'like', mediaId: p1 });
    expect((await feedTypes(owner)).map((e) => e.media)).toEqual([p2]);
  });
});
