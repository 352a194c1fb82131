import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, newPerson, signUp, signedUpAgent } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { insertHighlight, insertStory } from './helpers/stories.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { createPurge } from '../src/features/leaving/purge.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 180_000);
afterAll(async () => { await t.close(); });

const DAY_MS = 86_400_000;
const person = () => signedUpAgent(t.app);
const login = (p: { username: string; password: string }) => new Agent(t.app).post('/accounts/login/ajax/', { username: p.username, password: p.password });

/** Every stored file of the person's posts and stories. */
async function filesOf(userId: string): Promise<string[]> {
  const items = await t.db.selectFrom('media_items').innerJoin('media', 'media.id', 'media_items.media_id').select(['variants', 'video_key', 'poster_key']).where('media.owner_id', '=', userId).execute();
  const stories = await t.db.selectFrom('stories').select(['variants', 'video_key', 'poster_key']).where('owner_id', '=', userId).execute();
  return [...items, ...stories].flatMap((it) => [...it.variants.map((v) => v.key), it.video_key, it.poster_key]).filter((k): k is string => !!k);
}
const stored = async (key: string) => fs.existsSync(await t.storage.localPath(key));

async function leaverWithThings(friend: Awaited<ReturnType<typeof person>>) {
  const agent = new Agent(t.app);
  const p = { agent, user: await signUp(agent, newPerson('deleter')) };
  const own = await postPhoto(p.agent, 'first');
  await postPhoto(p.agent, 'second');
  const story = await insertStory(t, p.user.id);
  await insertHighlight(t.db, p.user.id, 'Trips', [story.id]);
  const friendsPost = await postPhoto(friend.agent, 'theirs');
  await follow(t.db, p.user.id, friend.user.id);
  await follow(t.db, friend.user.id, p.user.id);
  expect((await p.agent.post(`/web/likes/${friendsPost.id}/like/`)).status).toBe(200);
  expect((await p.agent.post(`/web/comments/${friendsPost.id}/add/`, { comment_text: 'so good' })).status).toBe(200);
  return { ...p, own, friendsPost };
}

describe(`leaving: deletion and its purge (${databaseKind})`, () => {
  it('hides the account at once, ends its sessions, and sets the purge ACCOUNT_DELETION_DAYS ahead', async () => {
    const friend = await person();
    const leaver = await leaverWithThings(friend);
    const before = Date.now();
    const res = await leaver.agent.post('/accounts/delete/', { password: leaver.user.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', logged_out: true });
    const purgeAfter = new Date(res.body.purge_after).getTime();
    expect(purgeAfter - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(purgeAfter - before).toBeLessThan(30 * DAY_MS + 60_000);
    expect((await leaver.agent.get('/data/shared_data/')).body.config.viewer).toBeNull();
    expect((await friend.agent.get(`/${leaver.user.username}/?__a=1`)).status).toBe(404);
    expect((await friend.agent.get(`/p/${leaver.own.shortcode}/?__a=1`)).status).toBe(404);
  });

  it('a login within the days cancels the deletion: nothing is purged, and all is back', async () => {
    const friend = await person();
    const leaver = await leaverWithThings(friend);
    expect((await leaver.agent.post('/accounts/delete/', { password: leaver.user.password })).status).toBe(200);
    const back = await login(leaver.user);
    expect(back.body).toMatchObject({ authenticated: true, reactivated: true });
    expect(await t.db.selectFrom('account_departures').select('user_id').where('user_id', '=', leaver.user.id).executeTakeFirst()).toBeUndefined();
    await createPurge(t.db, t.storage).purgeDue(new Date(Date.now() + 31 * DAY_MS));
    expect((await friend.agent.get(`/${leaver.user.username}/?__a=1`)).status).toBe(200);
    expect((await friend.agent.get(`/p/${leaver.own.shortcode}/?__a=1`)).status).toBe(200);
  });

  it('the purge waits for the days; then it removes the account\'s rows and every media file, fixes others\' counts and frees the username', async () => {
    const friend = await person();
    const leaver = await leaverWithThings(friend);
    const files = await filesOf(leaver.user.id);
    expect(files.length).toBeGreaterThan(4);
    for (const key of files) expect(await stored(key), key).toBe(true);
    const friendCounts = await t.db.selectFrom('users').select(['follower_count', 'following_count']).where('id', '=', friend.user.id).executeTakeFirstOrThrow();
    expect((await leaver.agent.post('/accounts/delete/', { password: leaver.user.password })).status).toBe(200);

    const purge = createPurge(t.db, t.storage);
    expect(await purge.purgeDue(new Date())).toBe(0);
    expect((await t.db.selectFrom('users').select('id').where('id', '=', leaver.user.id).executeTakeFirst())).toBeDefined();

    expect(await purge.purgeDue(new Date(Date.now() + 31 * DAY_MS))).toBe(1);
    for (const key of files) expect(await stored(key), key).toBe(false);
    const userId = leaver.user.id;
    for (const [table, column] of [['users', 'id'], ['media', 'owner_id'], ['comments', 'user_id'], ['likes', 'user_id'], ['follows', 'follower_id'], ['follows', 'followee_id'],
      ['stories', 'owner_id'], ['highlights', 'owner_id'], ['sessions', 'user_id'], ['account_departures', 'user_id']]) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table!)} where ${sql.ref(column!)} = ${userId}`.execute(t.db);
      expect(rows[0]!.n, `${table}.${column}`).toBe(0);
    }
    // Its follows left the counts when it left, and the purge does not take them out twice.
    const after = await t.db.selectFrom('users').select(['follower_count', 'following_count']).where('id', '=', friend.user.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ follower_count: friendCounts.follower_count - 1, following_count: friendCounts.following_count - 1 });
    const friendsPost = await t.db.selectFrom('media').select(['like_count', 'comment_count']).where('id', '=', leaver.friendsPost.id).executeTakeFirstOrThrow();
    expect(friendsPost).toEqual({ like_count: 0, comment_count: 0 });
    // The username is free again.
    const again = await signUp(new Agent(t.app), { ...newPerson('again'), username: leaver.user.username });
    expect(again.username).toBe(leaver.user.username);
    // Running it again is harmless.
    expect(await purge.purgeDue(new Date(Date.now() + 31 * DAY_MS))).toBe(0);
  });

  it('with ACCOUNT_DELETION_DAYS=0 the purge follows the request on its own', async () => {
    const quick = await createTestApp({ env: { ACCOUNT_DELETION_DAYS: '0' } });
    try {
      const agent = new Agent(quick.app);
      const user = await signUp(agent, newPerson('quick'));
      await postPhoto(agent, 'gone soon');
      const res = await agent.post('/accounts/delete/', { password: user.password });
      expect(res.status).toBe(200);
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (await quick.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst())) {
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(await quick.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    } finally {
      await quick.close();
    }
  }, 60_000);
});
