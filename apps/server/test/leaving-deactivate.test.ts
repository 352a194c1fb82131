import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, newPerson, queryUrl as q, signUp, signedUpAgent } from './helpers/agent.js';
import { directOver } from './helpers/direct.js';
import { follow } from './helpers/graph.js';
import { postPhoto } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import type { Direct } from '../src/features/direct/service.js';

let t: TestApp;
let direct: Direct;
beforeAll(async () => {
  t = await createTestApp();
  direct = directOver(t).direct;
}, 180_000);
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);
const ownerIds = (edges: { node: { owner: { id: string } } }[]) => edges.map((e) => e.node.owner.id);

async function counts(userId: string) {
  return t.db.selectFrom('users').select(['follower_count', 'following_count']).where('id', '=', userId).executeTakeFirstOrThrow();
}
async function postCounts(mediaId: string) {
  return t.db.selectFrom('media').select(['like_count', 'comment_count']).where('id', '=', mediaId).executeTakeFirstOrThrow();
}
const login = (p: { username: string; password: string }) => new Agent(t.app).post('/accounts/login/ajax/', { username: p.username, password: p.password });

/** A person who follows `friend`, is followed by them, liked and commented on their post and wrote to them. */
async function activeBeside(friend: Person) {
  const agent = new Agent(t.app);
  const p = { agent, user: await signUp(agent, newPerson('leaver')) };
  const post = await postPhoto(friend.agent, 'a friend\'s post');
  const own = await postPhoto(p.agent, 'mine');
  await follow(t.db, p.user.id, friend.user.id);
  await follow(t.db, friend.user.id, p.user.id);
  expect((await p.agent.post(`/web/likes/${post.id}/like/`)).status).toBe(200);
  expect((await p.agent.post(`/web/comments/${post.id}/add/`, { comment_text: 'lovely light' })).status).toBe(200);
  const { threadId } = await direct.createThread(friend.user.id, [p.user.id]);
  await direct.deliver(p.user.id, threadId, { type: 'text', text: 'see you soon' }, null);
  return { ...p, post, own, threadId };
}

async function seenBy(viewer: Person, leaver: Awaited<ReturnType<typeof activeBeside>>) {
  const profile = await viewer.agent.get(`/${leaver.user.username}/?__a=1`);
  const page = (await viewer.agent.get(`/p/${leaver.post.shortcode}/?__a=1`)).body.graphql.shortcode_media;
  const ownPost = await viewer.agent.get(`/p/${leaver.own.shortcode}/?__a=1`);
  const likers = (await viewer.agent.get(q('liked_by', { shortcode: leaver.post.shortcode }))).body.data.shortcode_media.edge_liked_by;
  const thread = (await viewer.agent.get(`/direct_v2/web/threads/${leaver.threadId}/`)).body;
  return {
    profile: profile.status,
    ownPost: ownPost.status,
    commenters: ownerIds(page.edge_media_to_parent_comment.edges),
    likeCount: page.edge_media_preview_like.count,
    commentCount: page.edge_media_to_parent_comment.count ?? page.edge_media_to_comment?.count,
    likers: JSON.stringify(likers ?? {}).includes(leaver.user.id),
    messages: JSON.stringify(thread ?? {}).includes('see you soon'),
  };
}

describe(`leaving: deactivation (${databaseKind})`, () => {
  it('refuses a logged-out caller (401), a missing password (400) and a wrong password (400 with a clear message), and changes nothing', async () => {
    const p = await person();
    for (const path of ['/accounts/deactivate/', '/accounts/delete/', '/accounts/download_data/']) {
      expect((await new Agent(t.app).post(path, { password: 'whatever' })).status, path).toBe(401);
      expect((await p.agent.post(path, {})).status, path).toBe(400);
      const wrong = await p.agent.post(path, { password: 'not my password' });
      expect(wrong.status, path).toBe(400);
      expect(wrong.body).toMatchObject({ status: 'fail', message: 'Your password was entered incorrectly. Please enter it again.' });
    }
    expect(await t.db.selectFrom('account_departures').select('user_id').where('user_id', '=', p.user.id).executeTakeFirst()).toBeUndefined();
    expect((await p.agent.get('/data/shared_data/')).body.config.viewer).not.toBeNull();
  });

  it('refuses a forged request without the CSRF token (403)', async () => {
    const p = await person();
    expect((await p.agent.post('/accounts/deactivate/', { password: p.user.password }, { csrf: false })).status).toBe(403);
  });

  it('rejects a reason it does not know (400)', async () => {
    const p = await person();
    expect((await p.agent.post('/accounts/deactivate/', { password: p.user.password, reason: 'bogus' })).status).toBe(400);
  });

  it('hides the profile, posts, comments, likes and messages from others, takes its follows, like and comment out of the counts, ends every session; a login brings all back', async () => {
    const friend = await person();
    const leaver = await activeBeside(friend);
    const otherSession = await login(leaver.user);
    expect(otherSession.status).toBe(200);
    const before = await seenBy(friend, leaver);
    expect(before).toMatchObject({ profile: 200, ownPost: 200, likers: true, messages: true });
    expect(before.commenters).toContain(leaver.user.id);
    const friendBefore = await counts(friend.user.id);
    const postBefore = await postCounts(leaver.post.id);

    const res = await leaver.agent.postJson('/accounts/deactivate/', { password: leaver.user.password, reason: 'break' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', logged_out: true, purge_after: null });
    expect(leaver.agent.cookies.has('sessionid')).toBe(false);
    expect((await leaver.agent.get('/data/shared_data/')).body.config.viewer).toBeNull();

    const hidden = await seenBy(friend, leaver);
    expect(hidden).toMatchObject({ profile: 404, ownPost: 404, likers: false, messages: false });
    expect(hidden.commenters).not.toContain(leaver.user.id);
    expect((await new Agent(t.app).get(`/${leaver.user.username}/?__a=1`)).status).toBe(404);
    expect(await counts(friend.user.id)).toEqual({ follower_count: friendBefore.follower_count - 1, following_count: friendBefore.following_count - 1 });
    expect(await postCounts(leaver.post.id)).toEqual({ like_count: postBefore.like_count - 1, comment_count: postBefore.comment_count - 1 });

    const back = await login(leaver.user);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ authenticated: true, reactivated: true });
    const again = await login(leaver.user);
    expect(again.body.reactivated).toBeUndefined();
    expect(await seenBy(friend, leaver)).toMatchObject({ profile: 200, ownPost: 200, likers: true, messages: true });
    expect(await counts(friend.user.id)).toEqual(friendBefore);
    expect(await postCounts(leaver.post.id)).toEqual(postBefore);
  });

  it('ends sessions opened elsewhere too: every session of the account is over', async () => {
    const p = await person();
    const elsewhere = new Agent(t.app);
    expect((await elsewhere.post('/accounts/login/ajax/', { username: p.user.username, password: p.user.password })).status).toBe(200);
    expect((await p.agent.post('/accounts/deactivate/', { password: p.user.password })).status).toBe(200);
    expect((await elsewhere.get('/data/shared_data/')).body.config.viewer).toBeNull();
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', p.user.id).execute()).toEqual([]);
  });

  it('leaves out a deactivated account from search and from the follow lists of others', async () => {
    const friend = await person();
    const leaver = await activeBeside(friend);
    expect((await leaver.agent.post('/accounts/deactivate/', { password: leaver.user.password })).status).toBe(200);
    const search = (await friend.agent.get(`/web/search/topsearch/?query=${encodeURIComponent(leaver.user.username)}`)).body;
    expect(JSON.stringify(search.users)).not.toContain(leaver.user.id);
  });
});
