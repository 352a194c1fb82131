import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, makePrivate } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The explore service on the test database: strangers' public posts, never what the viewer may not or need not see there. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
const people = {} as Record<'viewer' | 'friend' | 'stranger' | 'other' | 'hidden' | 'blocker' | 'mover', string>;
const posts = {} as Record<'own' | 'friend' | 'stranger' | 'other' | 'hidden' | 'blocker' | 'mover', string>;

const exploreIds = async (viewerId: string) => {
  const ids: string[] = [];
  let after: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page = await s.explore.page(viewerId, 2, after, null);
    ids.push(...page.edge_explore_media.edges.map((e) => e.node.id));
    after = page.edge_explore_media.page_info.end_cursor;
    if (!page.edge_explore_media.page_info.has_next_page) break;
  }
  return ids;
};

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  for (const name of ['viewer', 'friend', 'stranger', 'other', 'blocker', 'mover'] as const) people[name] = await seed.user(name);
  people.hidden = await seed.user('hidden', { private: true });
  await follow(t.db, people.viewer, people.friend);
  await s.friendships.block(people.blocker, people.viewer);
  posts.own = await seed.post(people.viewer, { hashtags: ['lakes'] });
  for (const name of ['friend', 'stranger', 'other', 'hidden', 'blocker', 'mover'] as const) posts[name] = await seed.post(people[name], { hashtags: ['lakes', 'hills'] });
  await s.explore.refresh();
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`explore service (${databaseKind})`, () => {
  it('shows strangers\' public posts only: not one\'s own, not followed people\'s, not a private account\'s, not across a block', async () => {
    const ids = await exploreIds(people.viewer);
    expect(ids).toEqual(expect.arrayContaining([posts.stranger, posts.other, posts.mover]));
    for (const never of [posts.own, posts.friend, posts.hidden, posts.blocker]) expect(ids).not.toContain(never);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an account gone private since the snapshot leaves explore at once', async () => {
    const other = await seed.user('watcher');
    expect(await exploreIds(other)).toContain(posts.mover);
    await makePrivate(t.db, people.mover);
    expect(await exploreIds(other)).not.toContain(posts.mover);
  });

  it('"not interested" takes a post out of that viewer\'s explore only, and can be undone', async () => {
    const [me, you] = [await seed.user('me'), await seed.user('you')];
    await s.explore.notInterested(me, posts.stranger);
    expect(await exploreIds(me)).not.toContain(posts.stranger);
    expect(await exploreIds(you)).toContain(posts.stranger);
    await s.explore.interestedAgain(me, posts.stranger);
    expect(await exploreIds(me)).toContain(posts.stranger);
  });

  it('a post the viewer may not see cannot be marked, and nothing is written', async () => {
    const me = await seed.user('me');
    await expect(s.explore.notInterested(me, posts.hidden)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.explore.notInterested(people.viewer, posts.blocker)).rejects.toMatchObject({ statusCode: 404 });
    const rows = await t.db.selectFrom('explore_not_interested').select('media_id').where('user_id', 'in', [me, people.viewer]).execute();
    expect(rows).toEqual([]);
  });

  it('a topic that is not in the snapshot is not found; a topic that is lists only its posts', async () => {
    await expect(s.explore.page(people.viewer, 10, null, 'no-such-topic')).rejects.toMatchObject({ statusCode: 404 });
    const first = await s.explore.page(people.viewer, 10, null, null);
    for (const c of first.clusters) {
      const page = await s.explore.page(people.viewer, 10, null, c.name);
      expect(page.cluster).toBe(c.name);
      for (const e of page.edge_explore_media.edges) expect(e.node.id).not.toBe(posts.own);
    }
  });
});
