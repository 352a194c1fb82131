import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow } from '../helpers/graph.js';
import { seeding, servicesOver, type Services } from '../helpers/service-deps.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/** The profiles service on the test database: a profile's header for everyone it exists for, its posts for those who may see them. */
let t: TestApp;
let s: Services;
let seed: ReturnType<typeof seeding>;
const people = {} as Record<'owner' | 'follower' | 'stranger' | 'blocked' | 'requester' | 'open', string>;
let ownerName: string;
let openName: string;

beforeAll(async () => {
  t = await createTestApp();
  s = servicesOver(t);
  seed = seeding(t, s);
  people.owner = await seed.user('owner', { private: true });
  for (const name of ['follower', 'stranger', 'blocked', 'requester', 'open'] as const) people[name] = await seed.user(name);
  await follow(t.db, people.follower, people.owner);
  await s.friendships.follow(people.requester, people.owner);
  await s.friendships.block(people.owner, people.blocked);
  await seed.post(people.owner);
  await seed.post(people.owner);
  await seed.post(people.open);
  ownerName = await seed.username(people.owner);
  openName = await seed.username(people.open);
}, 180_000);
afterAll(async () => { await t.close(); });

describe(`profiles service (${databaseKind})`, () => {
  it('a follower of a private account sees its header, counts and first posts', async () => {
    const { user } = await s.profiles.view(ownerName, people.follower);
    expect(user).toMatchObject({ id: people.owner, is_private: true, followed_by_viewer: true, edge_followed_by: { count: 1 } });
    expect(user.edge_owner_to_timeline_media.count).toBe(2);
    expect(user.edge_owner_to_timeline_media.edges).toHaveLength(2);
  });

  it('a stranger and a visitor see a private account\'s header and no posts', async () => {
    for (const viewer of [people.stranger, null]) {
      const { user } = await s.profiles.view(ownerName, viewer);
      expect(user.id).toBe(people.owner);
      expect(user.followed_by_viewer).toBe(false);
      expect(user.edge_owner_to_timeline_media).not.toHaveProperty('edges');
    }
  });

  it('someone who asked to follow sees their request on the profile, and the owner sees it from the other side', async () => {
    expect((await s.profiles.view(ownerName, people.requester)).user).toMatchObject({ requested_by_viewer: true, followed_by_viewer: false });
    const requesterName = await seed.username(people.requester);
    expect((await s.profiles.view(requesterName, people.owner)).user).toMatchObject({ has_requested_viewer: true });
  });

  it('an account that blocked the viewer does not exist for them; the blocker sees the header, marked blocked, with no posts', async () => {
    await expect(s.profiles.view(ownerName, people.blocked)).rejects.toMatchObject({ statusCode: 404, extra: { code: 'user_not_found' } });
    const blockedName = await seed.username(people.blocked);
    const seen = await s.profiles.view(blockedName, people.owner);
    expect(seen.user).toMatchObject({ id: people.blocked, blocked_by_viewer: true });
    expect(seen.user.edge_owner_to_timeline_media).not.toHaveProperty('edges');
    expect(seen.show_suggested_profiles).toBe(false);
  });

  it('an unknown username is not found', async () => {
    await expect(s.profiles.view('nobody_at_all_here', null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a public account\'s posts are there for a visitor', async () => {
    const { user, show_suggested_profiles } = await s.profiles.view(openName, null);
    expect(user.edge_owner_to_timeline_media.edges).toHaveLength(1);
    expect(show_suggested_profiles).toBe(false);
  });

  it('suggested profiles show on someone else\'s profile only while its owner allows them', async () => {
    expect((await s.profiles.view(openName, people.stranger)).show_suggested_profiles).toBe(true);
    expect((await s.profiles.view(openName, people.open)).show_suggested_profiles).toBe(false);
    await t.db.updateTable('users').set({ chaining_enabled: false }).where('id', '=', people.open).execute();
    expect((await s.profiles.view(openName, people.stranger)).show_suggested_profiles).toBe(false);
  });

  it('a private account\'s grid is for its followers: 403 for a stranger or a visitor, 404 for the blocked', async () => {
    const postId = (await t.db.selectFrom('media').select('id').where('owner_id', '=', people.owner).executeTakeFirstOrThrow()).id;
    const grid = await s.profilePosts.profilePosts(people.owner, people.follower, 12, null);
    expect(grid.edges.map((e) => e.node.id)).toContain(postId);
    expect(grid.count).toBe(grid.edges.length);
    await expect(s.profilePosts.profilePosts(people.owner, people.stranger, 12, null)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.profilePosts.profilePosts(people.owner, null, 12, null)).rejects.toMatchObject({ statusCode: 403 });
    await expect(s.profilePosts.profilePosts(people.owner, people.blocked, 12, null)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a public account\'s grid pages to its end for a visitor', async () => {
    const poster = await seed.user('pager');
    const ids = [await seed.post(poster), await seed.post(poster), await seed.post(poster)];
    const first = await s.profilePosts.profilePosts(poster, null, 2, null);
    expect(first.count).toBe(3);
    expect(first.page_info.has_next_page).toBe(true);
    const second = await s.profilePosts.profilePosts(poster, null, 2, first.page_info.end_cursor);
    expect(second.page_info.has_next_page).toBe(false);
    expect([...first.edges, ...second.edges].map((e) => e.node.id).sort()).toEqual([...ids].sort());
  });
});
