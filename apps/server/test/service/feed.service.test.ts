import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The feed service on the test database: the home feed, profile grids, a place's posts and a post's likers. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
const people = {} as Record<'owner' | 'follower' | 'stranger' | 'blocked' | 'open', string>;

const homeIds = async (viewerId: string) => (await s.feed.timeline(viewerId, 24, null, 0, 0)).edges.map((e) => e.node.id);

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  people.owner = await seed.user('owner', { private: true });
  for (const name of ['follower', 'stranger', 'blocked', 'open'] as const) people[name] = await seed.user(name);
  await s.friendships.follow(people.follower, people.owner);
  await s.friendships.approve(people.owner, people.follower);
  await s.friendships.block(people.owner, people.blocked);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`feed service (${databaseKind})`, () => {
  it('the home feed has one\'s own posts and those of the people one follows, never a stranger\'s', async () => {
    const [mine, theirs, other] = [await seed.post(people.follower), await seed.post(people.owner), await seed.post(people.stranger)];
    const ids = await homeIds(people.follower);
    expect(ids).toContain(mine);
    expect(ids).toContain(theirs);
    expect(ids).not.toContain(other);
    expect(await homeIds(people.stranger)).toContain(other);
    expect(await homeIds(people.stranger)).not.toContain(theirs);
  });

  it('a stale entry of the stored timeline is dropped when read: a block written behind its back still hides the post', async () => {
    const [reader, poster] = [await seed.user('reader'), await seed.user('poster')];
    await s.friendships.follow(reader, poster);
    const postId = await seed.post(poster);
    expect(await homeIds(reader)).toContain(postId);
    await t.db.insertInto('blocks').values({ id: s.nextId(), blocker_id: poster, blocked_id: reader }).execute();
    expect(await homeIds(reader)).not.toContain(postId);
  });

  it('a private account\'s grid is for its followers: 403 for a stranger or a visitor, 404 for the blocked', async () => {
    const postId = await seed.post(people.owner);
    const grid = await s.feed.profilePosts(people.owner, people.follower, 12, null);
    expect(grid.edges.map((e) => e.node.id)).toContain(postId);
    expect(grid.count).toBe(grid.edges.length);
    await expect(s.feed.profilePosts(people.owner, people.stranger, 12, null)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.feed.profilePosts(people.owner, null, 12, null)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.feed.profilePosts(people.owner, people.blocked, 12, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a public account\'s grid pages to its end for a visitor', async () => {
    const poster = await seed.user('pager');
    const ids = [await seed.post(poster), await seed.post(poster), await seed.post(poster)];
    const first = await s.feed.profilePosts(poster, null, 2, null);
    expect(first.count).toBe(3);
    expect(first.page_info.has_next_page).toBe(true);
    const second = await s.feed.profilePosts(poster, null, 2, first.page_info.end_cursor);
    expect(second.page_info.has_next_page).toBe(false);
    expect([...first.edges, ...second.edges].map((e) => e.node.id).sort()).toEqual([...ids].sort());
  });

  it('a post\'s likers: not for a stranger to a private post; someone the viewer blocked is left out of the list but counted', async () => {
    const postId = await seed.post(people.open);
    const pest = await seed.user('pest');
    const viewer = await seed.user('viewer');
    await s.posts.like(postId, pest);
    await s.posts.like(postId, people.stranger);
    await s.friendships.block(viewer, pest);
    const seen = await s.feed.likedBy(postId, viewer, 10, null);
    expect(seen.count).toBe(2);
    expect(seen.edges.map((e) => e.node.id)).toEqual([people.stranger]);
    const hidden = await seed.post(people.owner);
    await expect(s.feed.likedBy(hidden, people.stranger, 10, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a place lists the posts the viewer may see, and counts them all', async () => {
    const openPost = await seed.post(people.open, { place: { name: 'Quiet Lake' } });
    const placeId = (await t.db.selectFrom('media').select('location_id').where('id', '=', openPost).executeTakeFirstOrThrow()).location_id!;
    const privatePost = await seed.post(people.owner, { place: { id: placeId } });
    const forStranger = await s.feed.location(placeId, people.stranger, 12, null);
    expect(forStranger.edge_location_to_media.edges.map((e) => e.node.id)).toEqual([openPost]);
    const forFollower = await s.feed.location(placeId, people.follower, 12, null);
    expect(forFollower.edge_location_to_media.edges.map((e) => e.node.id).sort()).toEqual([openPost, privatePost].sort());
    await expect(s.feed.location('123456789', null, 12, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a followed hashtag mixes a stranger\'s public post into the home feed, never a private account\'s', async () => {
    const reader = await seed.user('tagreader');
    const tag = `tide${reader.slice(-5)}`;
    const publicPost = await seed.post(people.open, { caption: `#${tag}`, hashtags: [tag] });
    const privatePost = await seed.post(people.owner, { caption: `#${tag}`, hashtags: [tag] });
    await s.hashtags.follow(reader, tag);
    const page = await s.feed.timeline(reader, 24, null, 0, 0);
    const mixed = page.edges.find((e) => e.node.id === publicPost);
    expect(mixed).toMatchObject({ followed_hashtag: tag });
    expect(page.edges.map((e) => e.node.id)).not.toContain(privatePost);
  });
});
