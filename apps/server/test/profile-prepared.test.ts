import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileUser } from '@shutter/contract';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { makeJpeg, makeVideo, multipart, postPhoto, uploadPhoto, uploadVideo } from './helpers/media.js';
import { rename, type Person } from './helpers/summaries.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { setRoleByUsername } from '../src/features/moderation/roles.js';
import { createReportsRepository } from '../src/features/reports/repository.js';
import { createIdGenerator } from '../src/platform/ids.js';

/**
 * A profile's page data is kept ready per viewer (logged-out visitors share one) and served again
 * without being built: each test reads it (so it is prepared), makes one kind of write, and reads
 * again to see that write.
 */
describe(`the prepared profile page (${databaseKind})`, () => {
  let t: TestApp;
  const nextId = createIdGenerator(4091);
  const statements = { n: 0 };
  beforeAll(async () => { t = await createTestApp({ countQueries: statements }); });
  afterAll(async () => { await t.close(); });

  const person = () => signedUpAgent(t.app);
  const visitor = () => new Agent(t.app);
  const follow = (a: Person, b: Person) => a.agent.post(`/web/friendships/${b.user.id}/follow/`);
  const page = (agent: Agent, owner: Person) => agent.get(`/${owner.user.username}/?__a=1`);
  async function profile(agent: Agent, owner: Person): Promise<ProfileUser> {
    const res = await page(agent, owner);
    expect(res.status).toBe(200);
    return res.body.graphql.user as ProfileUser;
  }
  const gridIds = (user: ProfileUser) => (user.edge_owner_to_timeline_media.edges ?? []).map((e) => e.node.id);

  /** An owner with one post, a viewer who follows them, and both the viewer's and a visitor's answers prepared. */
  async function scene(caption = 'a post') {
    const owner = await person();
    const viewer = await person();
    const anon = visitor();
    expect((await follow(viewer, owner)).status).toBe(200);
    const media = await postPhoto(owner.agent, caption);
    expect(gridIds(await profile(viewer.agent, owner))).toEqual([media.id]);
    expect(gridIds(await profile(anon, owner))).toEqual([media.id]);
    return { owner, viewer, anon, media };
  }

  it('is served again with no statement but the session\'s lookup, or with none to a visitor', async () => {
    const { owner, viewer, anon } = await scene();
    const before = await profile(viewer.agent, owner);
    statements.n = 0;
    expect(await profile(viewer.agent, owner)).toEqual(before);
    // The session and the terms agreed to were read before; the rules' verdicts on the grid's posts
    // are remembered for a signed-in viewer.
    expect(statements.n).toBe(0);

    const seen = await profile(anon, owner);
    statements.n = 0;
    expect(await profile(anon, owner)).toEqual(seen);
    // The verdicts for visitors are remembered as well: they all see the same.
    expect(statements.n).toBe(0);

    // With no posts shown the check is how the viewer stands with the account: the session, then
    // the account, the relationship and its standing, at once.
    const empty = await person();
    await profile(viewer.agent, empty);
    statements.n = 0;
    await profile(viewer.agent, empty);
    expect(statements.n).toBeLessThanOrEqual(4);
  });

  it('shows the owner\'s new name, bio and picture, to followers and visitors', async () => {
    const { owner, viewer, anon } = await scene();
    const renamed = `${owner.user.username}_n`.slice(0, 30);
    await rename(owner, renamed, 'New Name');
    const moved = { ...owner, user: { ...owner.user, username: renamed } };
    for (const agent of [viewer.agent, anon]) expect(await profile(agent, moved)).toMatchObject({ username: renamed, full_name: 'New Name' });
    expect((await page(viewer.agent, owner)).status).toBe(404);

    const form = (await owner.agent.get('/accounts/edit/?__a=1')).body.form_data;
    expect((await owner.agent.post('/accounts/edit/', { ...form, biography: 'now with a bio' })).status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect((await profile(agent, moved)).biography).toBe('now with a bio');

    const before = (await profile(anon, moved)).profile_pic_url;
    const body = multipart({}, { field: 'profile_pic', name: 'me.jpg', type: 'image/jpeg', data: await makeJpeg(400, 400) });
    expect((await owner.agent.request('POST', '/accounts/web_change_profile_picture/', { rawBuffer: body.payload, contentType: body.contentType })).status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect((await profile(agent, moved)).profile_pic_url).not.toBe(before);
  });

  it('answers the private view to those who do not follow once the owner goes private', async () => {
    const { owner, viewer, anon, media } = await scene();
    const stranger = await person();
    expect(gridIds(await profile(stranger.agent, owner))).toEqual([media.id]);
    expect((await owner.agent.post('/accounts/set_private/')).status).toBe(200);
    for (const agent of [stranger.agent, anon]) {
      const user = await profile(agent, owner);
      expect([user.is_private, user.edge_owner_to_timeline_media.edges]).toEqual([true, undefined]);
      expect(user.edge_owner_to_timeline_media.count).toBe(1);
    }
    expect(gridIds(await profile(viewer.agent, owner))).toEqual([media.id]);
  });

  it('shows a new post and loses a deleted one', async () => {
    const { owner, viewer, anon, media } = await scene();
    const next = await postPhoto(owner.agent, 'the next one');
    for (const agent of [viewer.agent, anon]) {
      const user = await profile(agent, owner);
      expect([gridIds(user), user.edge_owner_to_timeline_media.count]).toEqual([[next.id, media.id], 2]);
    }
    expect((await owner.agent.post(`/create/${media.id}/delete/`)).status).toBe(200);
    for (const agent of [viewer.agent, anon]) {
      const user = await profile(agent, owner);
      expect([gridIds(user), user.edge_owner_to_timeline_media.count]).toEqual([[next.id], 1]);
    }
  });

  it('shows the like and comment counts of a grid post', async () => {
    const { owner, viewer, anon, media } = await scene();
    const other = await person();
    expect((await other.agent.post(`/web/likes/${media.id}/like/`)).status).toBe(200);
    expect((await other.agent.post(`/web/comments/${media.id}/add/`, { comment_text: 'lovely light' })).status).toBe(200);
    for (const agent of [viewer.agent, anon]) {
      const node = (await profile(agent, owner)).edge_owner_to_timeline_media.edges![0]!.node;
      expect([node.edge_media_preview_like.count, node.edge_media_to_parent_comment.count]).toEqual([1, 1]);
    }
  });

  it('counts someone else following and unfollowing the owner, for every viewer', async () => {
    const { owner, viewer, anon } = await scene();
    expect((await profile(anon, owner)).edge_followed_by.count).toBe(1);
    const other = await person();
    expect((await follow(other, owner)).status).toBe(200);
    for (const agent of [viewer.agent, anon, owner.agent]) expect((await profile(agent, owner)).edge_followed_by.count).toBe(2);
    expect((await other.agent.post(`/web/friendships/${owner.user.id}/unfollow/`)).status).toBe(200);
    for (const agent of [viewer.agent, anon, owner.agent]) expect((await profile(agent, owner)).edge_followed_by.count).toBe(1);
  });

  it('shows the viewer\'s own follow and unfollow, and the follower\'s following count on their profile', async () => {
    const owner = await person();
    const viewer = await person();
    const anon = visitor();
    expect((await profile(viewer.agent, owner)).followed_by_viewer).toBe(false);
    expect((await profile(anon, viewer)).edge_follow.count).toBe(0);
    await follow(viewer, owner);
    expect((await profile(viewer.agent, owner)).followed_by_viewer).toBe(true);
    expect((await profile(anon, viewer)).edge_follow.count).toBe(1);
    expect((await profile(owner.agent, viewer)).follows_viewer).toBe(true);
    await viewer.agent.post(`/web/friendships/${owner.user.id}/unfollow/`);
    expect((await profile(viewer.agent, owner)).followed_by_viewer).toBe(false);
    expect((await profile(anon, viewer)).edge_follow.count).toBe(0);
  });

  it('shows a request approved to the requester', async () => {
    const owner = await person();
    const requester = await person();
    expect((await owner.agent.post('/accounts/set_private/')).status).toBe(200);
    await postPhoto(owner.agent, 'behind the door');
    expect(await profile(requester.agent, owner)).toMatchObject({ requested_by_viewer: false, edge_owner_to_timeline_media: { count: 1 } });
    await follow(requester, owner);
    expect((await profile(requester.agent, owner)).requested_by_viewer).toBe(true);
    expect((await owner.agent.post(`/web/friendships/${requester.user.id}/approve/`)).status).toBe(200);
    const user = await profile(requester.agent, owner);
    expect([user.followed_by_viewer, gridIds(user).length, user.edge_followed_by.count]).toEqual([true, 1, 1]);
  });

  it('answers 404 to someone the owner blocks, and the blocked view to someone who blocks the owner', async () => {
    const first = await scene();
    expect((await first.owner.agent.post(`/web/friendships/${first.viewer.user.id}/block/`)).status).toBe(200);
    expect((await page(first.viewer.agent, first.owner)).status).toBe(404);
    expect((await profile(first.anon, first.owner)).edge_followed_by.count).toBe(0);

    const second = await scene();
    expect((await second.viewer.agent.post(`/web/friendships/${second.owner.user.id}/block/`)).status).toBe(200);
    const user = await profile(second.viewer.agent, second.owner);
    expect([user.blocked_by_viewer, user.followed_by_viewer, user.edge_owner_to_timeline_media.edges]).toEqual([true, false, undefined]);
    expect((await page(second.owner.agent, second.viewer)).status).toBe(404);
    expect((await second.viewer.agent.post(`/web/friendships/${second.owner.user.id}/unblock/`)).status).toBe(200);
    expect((await profile(second.viewer.agent, second.owner)).blocked_by_viewer).toBe(false);
  });

  it('answers 404 once the owner deactivates', async () => {
    const { owner, viewer, anon } = await scene();
    expect((await owner.agent.post('/accounts/deactivate/', { password: owner.user.password })).status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect((await page(agent, owner)).status).toBe(404);
  });

  it('answers 404 once a moderator suspends the owner', async () => {
    const { owner, viewer, anon } = await scene();
    const mod = await person();
    expect(await setRoleByUsername(t.db, mod.user.username, 'moderator')).toMatchObject({ ok: true });
    const reportId = await createReportsRepository(t.db).file({
      id: nextId(), objectType: 'user', objectId: owner.user.id, targetUserId: owner.user.id, reporterId: viewer.user.id, tags: ['spam'], victim: null,
    });
    const res = await mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'suspend', report_id: reportId, text: 'Spam account' });
    expect(res.status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect((await page(agent, owner)).status).toBe(404);
  });

  it('answers 404 to a suspension no write announced where the rules read the database again: profiles with no posts shown', async () => {
    const { anon } = await scene();
    const empty = await person();
    const viewer = await person();
    await profile(viewer.agent, empty);
    await profile(anon, empty);
    await t.db.insertInto('account_standing').values({ user_id: empty.user.id, suspended_at: new Date() }).execute();
    for (const agent of [viewer.agent, anon]) expect((await page(agent, empty)).status).toBe(404);
  });

  it('shows the ring of a story the owner posted', async () => {
    const { owner, viewer, anon } = await scene();
    expect((await profile(viewer.agent, owner)).reel).toBeNull();
    const up = await uploadPhoto(owner.agent);
    expect((await owner.agent.postJson('/create/configure_to_story/', { upload_id: up.uploadId })).status).toBe(200);
    for (const agent of [viewer.agent, anon]) expect((await profile(agent, owner)).reel).not.toBeNull();
  });
  it('shows a video post once its encoding finishes, though no one wrote', async () => {
    const { owner, viewer, anon, media } = await scene();
    const { res, uploadId } = await uploadVideo(owner.agent, makeVideo(1));
    expect(res.status).toBe(200);
    const configured = await owner.agent.post('/create/configure/', { upload_id: uploadId, caption: 'my clip' });
    expect(configured.status).toBe(200);
    const video = configured.body.media as { id: string; status: string };
    // Still encoding: the owner sees it, others not yet, and both answers are kept.
    if (video.status === 'processing') {
      const seen = gridIds(await profile(anon, owner));
      if (!seen.includes(video.id)) expect(seen).toEqual([media.id]);
    }
    // The job tells its listeners just after the post is marked ready: the answer follows within moments.
    for (const agent of [viewer.agent, anon]) {
      await expect.poll(async () => gridIds(await profile(agent, owner)), { timeout: 15_000, interval: 200 }).toEqual([video.id, media.id]);
    }
  });
});
