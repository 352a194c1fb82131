import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The hashtags service on the test database: a tag's page, following it, its advisory and search, as each viewer may know the tag. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
const people = {} as Record<'owner' | 'follower' | 'stranger' | 'open', string>;
let n = 0;
const tagName = (stem: string) => `${stem}${Date.now() % 1e6}x${(n += 1)}`;

const followsOf = async (userId: string) =>
  (await t.db.selectFrom('hashtag_follows').innerJoin('hashtags', 'hashtags.id', 'hashtag_follows.hashtag_id').select('hashtags.name').where('user_id', '=', userId).execute()).map((r) => r.name);

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  people.owner = await seed.user('owner', { private: true });
  for (const name of ['follower', 'stranger', 'open'] as const) people[name] = await seed.user(name);
  await follow(t.db, people.follower, people.owner);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`hashtags service (${databaseKind})`, () => {
  it('a tag\'s page counts and shows the posts the viewer may see: public ones for all, a private account\'s for its followers', async () => {
    const tag = tagName('mixed');
    const publicPost = await seed.post(people.open, { hashtags: [tag] });
    const privatePost = await seed.post(people.owner, { hashtags: [tag] });
    const forVisitor = await s.hashtags.page(tag, null, 12);
    expect(forVisitor.edge_hashtag_to_media.count).toBe(1);
    expect(forVisitor.edge_hashtag_to_media.edges.map((e) => e.node.id)).toEqual([publicPost]);
    const forFollower = await s.hashtags.page(tag, people.follower, 12);
    expect(forFollower.edge_hashtag_to_media.count).toBe(2);
    expect(forFollower.edge_hashtag_to_media.edges.map((e) => e.node.id).sort()).toEqual([publicPost, privatePost].sort());
    expect((await s.hashtags.page(tag, people.stranger, 12)).edge_hashtag_to_media.count).toBe(1);
  });

  it('a tag used only by a private account is, for a stranger, a tag nobody used: no id, no posts, not followable', async () => {
    const tag = tagName('hidden');
    await seed.post(people.owner, { hashtags: [tag] });
    const page = await s.hashtags.page(tag, people.stranger, 12);
    expect(page).toMatchObject({ id: null, allow_following: false, edge_hashtag_to_media: { count: 0, edges: [] } });
    await expect(s.hashtags.follow(people.stranger, tag)).rejects.toMatchObject({ statusCode: 404 });
    expect(await followsOf(people.stranger)).not.toContain(tag);
    expect(await s.hashtags.search(tag, 5)).toEqual([]);
    // Its follower may follow it.
    await s.hashtags.follow(people.follower, tag);
    expect(await followsOf(people.follower)).toContain(tag);
  });

  it('following is idempotent and unfollowing undoes it; the page tells the viewer they follow', async () => {
    const tag = tagName('loop');
    await seed.post(people.open, { hashtags: [tag] });
    await s.hashtags.follow(people.stranger, tag);
    await s.hashtags.follow(people.stranger, tag);
    expect((await followsOf(people.stranger)).filter((x) => x === tag)).toHaveLength(1);
    expect((await s.hashtags.page(tag, people.stranger, 12)).is_following).toBe(true);
    await s.hashtags.unfollow(people.stranger, tag);
    expect(await followsOf(people.stranger)).not.toContain(tag);
  });

  it('a name that cannot be a hashtag is a 400', async () => {
    await expect(s.hashtags.page('not a tag!', null, 12)).rejects.toMatchObject({ statusCode: 400 });
    await expect(s.hashtags.follow(people.stranger, '12345')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('the tags a private account follows are for its followers: a stranger gets 403', async () => {
    const tag = tagName('owned');
    await seed.post(people.open, { hashtags: [tag] });
    await s.hashtags.follow(people.owner, tag);
    const list = await s.hashtags.followList(people.owner, people.follower, 10, null);
    expect(list.edges.map((e) => e.node.name)).toContain(tag);
    await expect(s.hashtags.followList(people.owner, people.stranger, 10, null)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.hashtags.followList(people.owner, null, 10, null)).rejects.toMatchObject({ statusCode: 403 });
  });

  it('a sensitive tag carries its advisory until the viewer acknowledges it; a plain tag records no acknowledgement', async () => {
    const [touchy, plain] = [tagName('touchy'), tagName('plain')];
    await seed.post(people.open, { hashtags: [touchy, plain] });
    await s.hashtags.markSensitive([touchy]);
    expect((await s.hashtags.page(touchy, people.stranger, 12)).content_advisory).toMatchObject({ acknowledged: false });
    await s.hashtags.acknowledge(people.stranger, touchy);
    expect((await s.hashtags.page(touchy, people.stranger, 12)).content_advisory).toMatchObject({ acknowledged: true });
    expect((await s.hashtags.page(touchy, people.follower, 12)).content_advisory).toMatchObject({ acknowledged: false });
    await s.hashtags.acknowledge(people.stranger, plain);
    expect((await s.hashtags.page(plain, people.stranger, 12)).content_advisory).toBeNull();
    const acks = await t.db.selectFrom('hashtag_advisory_acks').select('hashtag_id').where('user_id', '=', people.stranger).execute();
    expect(acks).toHaveLength(1);
  });

  it('a tag leaves search and its public count when its only public post\'s account goes private', async () => {
    const tag = tagName('fading');
    const mover = await seed.user('mover');
    await seed.post(mover, { hashtags: [tag] });
    expect((await s.hashtags.search(tag, 5)).map((h) => h.name)).toContain(tag);
    await s.friendships.setPrivate(mover, true);
    expect((await s.hashtags.search(tag, 5)).map((h) => h.name)).not.toContain(tag);
    expect((await s.hashtags.page(tag, null, 12)).edge_hashtag_to_media.count).toBe(0);
    expect((await s.hashtags.page(tag, mover, 12)).edge_hashtag_to_media.count).toBe(1);
  });
});
