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
