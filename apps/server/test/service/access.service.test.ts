import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessRepository } from '../../src/features/access/repository.js';
import { createAccess, type Access, type AccountView } from '../../src/features/access/service.js';
import { refusalOf } from '../../src/features/access/refusals.js';
import { mediaVisibleSql, publicMediaSql, storyVisibleSql } from '../../src/features/access/sql.js';
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

describe(`the access rules as SQL, under the caller's own aliases (${databaseKind})`, () => {
  const visibleMedia = async (viewer: string | null, rule = (v: string | null) => mediaVisibleSql(v, { media: 'p', owner: 'who' })) =>
    (await t.db.selectFrom('media as p').innerJoin('users as who', 'who.id', 'p.owner_id').select('p.id')
      .where('p.id', 'in', [media.private, media.public]).where(rule(viewer)).orderBy('p.id').execute()).map((r) => r.id);

  it('a post: the same cells as the service, whatever the query calls the post and its owner', async () => {
    expect(await visibleMedia(people.follower)).toEqual([media.private, media.public].sort());
    expect(await visibleMedia(people.stranger)).toEqual([media.public]);
    expect(await visibleMedia(people.blocked)).toEqual([media.public]);
    expect(await visibleMedia(people.blocker)).toEqual([]);
    expect(await visibleMedia(null)).toEqual([media.public]);
    expect(await visibleMedia(people.follower, () => publicMediaSql({ media: 'p', owner: 'who' }))).toEqual([media.public]);
  });

  it('a story: live while it has not expired, kept in a highlight past its expiry; close friends only for them', async () => {
    const now = new Date();
    const story = async (audience: 'everyone' | 'besties', expiringAt: Date) => {
      const id = nextId();
      await t.db.insertInto('stories').values({ id, owner_id: people.owner, kind: 'image', status: 'ready', audience, upload_id: id, width: 1, height: 1, taken_at: now, expiring_at: expiringAt }).execute();
      return id;
    };
    const live = await story('everyone', new Date(now.getTime() + 3_600_000));
    const expired = await story('everyone', new Date(now.getTime() - 1000));
    const besties = await story('besties', new Date(now.getTime() + 3_600_000));
    const visible = async (viewer: string | null, liveAt: Date | null) =>
      (await t.db.selectFrom('stories as s').innerJoin('users as o', 'o.id', 's.owner_id').select('s.id')
        .where('s.id', 'in', [live, expired, besties]).where(storyVisibleSql(viewer, { story: 's', owner: 'o' }, liveAt)).execute()).map((r) => r.id).sort();
    expect(await visible(people.follower, now)).toEqual([live]);
    expect(await visible(people.follower, null)).toEqual([live, expired].sort());
    expect(await visible(people.owner, now)).toEqual([live, expired, besties].sort());
    expect(await visible(people.stranger, null)).toEqual([]);
    expect(await visible(null, null)).toEqual([]);
    await t.db.insertInto('close_friends').values({ owner_id: people.owner, friend_id: people.follower }).execute();
    expect(await visible(people.follower, now)).toEqual([live, besties].sort());
  });
});

describe('the answers of refusals, one place for every surface', () => {
  it('hides an account that is absent for the viewer before telling why another is refused', () => {
    expect(refusalOf(['blocked', 'absent'], 'message')).toBe('account_absent');
    expect(refusalOf(['blocked'], 'message')).toBe('message_blocked');
    expect(refusalOf(['blocked', 'private'], 'people')).toBe('chaining_blocked');
    expect(refusalOf(['private'], 'people')).toBeNull();
    expect(refusalOf(['private'], 'header')).toBeNull();
    expect(refusalOf(['blocked'], 'follow')).toBe('follow_blocked');
    expect(refusalOf(['visible'], 'content')).toBeNull();
  });

  it('requireAccount answers each surface as its API does: chaining and the header 404 where content is 403', async () => {
    await expect(access.requireAccount(people.blocker, people.owner, 'people')).rejects.toMatchObject({ statusCode: 404 });
    await expect(access.requireAccount(people.stranger, people.owner, 'people')).resolves.toMatchObject({ view: 'private' });
    await expect(access.requireAccount(people.blocker, people.owner, 'header')).resolves.toMatchObject({ view: 'blocked' });
    await expect(access.requireAccount(people.blocked, people.owner, 'header')).rejects.toMatchObject({ statusCode: 404 });
    await expect(access.requireAccount(people.blocker, people.owner, 'follow')).rejects.toMatchObject({ statusCode: 400 });
    await expect(access.requireAccounts(people.owner, [people.blocked], 'message')).rejects.toMatchObject({ statusCode: 403, extra: { code: 'direct_cannot_message' } });
    await expect(access.requireAccounts(people.owner, [people.blocked, people.blocker], 'message')).rejects.toMatchObject({ statusCode: 404, extra: { code: 'user_not_found' } });
    await expect(access.requireMedia(people.stranger, media.private)).rejects.toMatchObject({ statusCode: 404, extra: { code: 'post_not_found' } });
    await expect(access.requireMedia(people.follower, media.private)).resolves.toBeUndefined();
  });
});
