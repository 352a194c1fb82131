import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessRepository } from '../../src/features/access/repository.js';
import { createAccess, type Access, type AccountView } from '../../src/features/access/service.js';
import { createIdGenerator } from '../../src/platform/ids.js';
import { follow, makePrivate } from '../helpers/graph.js';
import { createTestApp, databaseKind, type TestApp } from '../helpers/test-app.js';

/**
 * The service tier: the access module with its real repository on the test database, no HTTP.
 * Each cell of who-may-see-whom, asked of the module itself.
 */
let t: TestApp;
let access: Access;
const nextId = createIdGenerator(4094);

async function user(name: string): Promise<string> {
  const id = nextId();
  const username = `${name}${id.slice(-8)}`;
  await t.db.insertInto('users').values({ id, username, username_lower: username, email: `${username}@example.org`, email_lower: `${username}@example.org`, password_hash: 'x' }).execute();
  return id;
}
const block = (blockerId: string, blockedId: string) => t.db.insertInto('blocks').values({ id: nextId(), blocker_id: blockerId, blocked_id: blockedId }).execute();
const request = (requesterId: string, targetId: string) => t.db.insertInto('follow_requests').values({ id: nextId(), requester_id: requesterId, target_id: targetId }).execute();
async function post(ownerId: string): Promise<string> {
  const id = nextId();
  await t.db.insertInto('media').values({ id, owner_id: ownerId, media_type: 'image', status: 'ready' }).execute();
  return id;
}

const people = {} as Record<'owner' | 'follower' | 'stranger' | 'requester' | 'blocked' | 'blocker', string>;
let publicOwner: string;
let media: { private: string; public: string };

beforeAll(async () => {
  t = await createTestApp();
  access = createAccess(createAccessRepository(t.db));
  for (const name of ['owner', 'follower', 'stranger', 'requester', 'blocked', 'blocker'] as const) people[name] = await user(name);
  publicOwner = await user('open');
  await makePrivate(t.db, people.owner);
  await follow(t.db, people.follower, people.owner);
  await request(people.requester, people.owner);
  await block(people.owner, people.blocked);
  await block(people.blocker, people.owner);
  await block(people.blocker, publicOwner);
  media = { private: await post(people.owner), public: await post(publicOwner) };
});
afterAll(async () => { await t.close(); });

describe(`the access module, cell by cell (${databaseKind})`, () => {
  const cases: [keyof typeof people | 'loggedOut', AccountView][] = [
    ['owner', 'visible'], ['follower', 'visible'], ['stranger', 'private'], ['requester', 'private'],
    ['blocked', 'absent'], ['blocker', 'blocked'], ['loggedOut', 'private'],
  ];
  for (const [actor, view] of cases) {
    it(`a private account is ${view} for its ${actor}`, async () => {
      const viewer = actor === 'loggedOut' ? null : people[actor];
      expect((await access.account(viewer, people.owner)).view).toBe(view);
      const posts = await access.visibleMedia(viewer, [media.private]);
      expect(posts.has(media.private)).toBe(view === 'visible');
    });
  }

  it('an account that does not exist is absent for everyone', async () => {
    expect((await access.account(people.stranger, '999999999999')).view).toBe('absent');
  });

  it('a public account is visible to strangers and visitors, never across a block', async () => {
    expect((await access.account(null, publicOwner)).view).toBe('visible');
    expect((await access.account(people.stranger, publicOwner)).view).toBe('visible');
    expect((await access.account(people.blocker, publicOwner)).view).toBe('blocked');
    expect([...(await access.visibleMedia(people.stranger, [media.public, media.private]))]).toEqual([media.public]);
    expect([...(await access.visibleMedia(people.blocker, [media.public]))]).toEqual([]);
  });

  it('requireContent gives the one answer of each view: 404 absent, 403 private or blocked', async () => {
    await expect(access.requireContent(people.blocked, people.owner)).rejects.toMatchObject({ statusCode: 404 });
    await expect(access.requireContent(people.stranger, people.owner)).rejects.toMatchObject({ statusCode: 403, message: 'This account is private.' });
    await expect(access.requireContent(people.blocker, people.owner)).rejects.toMatchObject({ statusCode: 403 });
    await expect(access.requireContent(people.follower, people.owner)).resolves.toMatchObject({ view: 'visible' });
  });

  it('blockedAmong and the rules step see blocks in both directions, in one batch', async () => {
    const everyone = Object.values(people);
    expect([...(await access.blockedAmong(people.owner, everyone))].sort()).toEqual([people.blocked, people.blocker].sort());
    expect([...(await access.blockedAmong(people.blocked, everyone))]).toEqual([people.owner]);
    expect(await access.blockedAmong(null, everyone)).toEqual(new Set());
    const rows = everyone.map((id) => ({ id }));
    expect((await access.keepVisibleUsers(people.owner, rows, (r) => r.id)).map((r) => r.id)).not.toContain(people.blocker);
    expect(await access.keepVisibleUsers(null, rows, (r) => r.id)).toEqual(rows);
  });
});
