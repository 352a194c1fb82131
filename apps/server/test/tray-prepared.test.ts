import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryUrl as q, signedUpAgent } from './helpers/agent.js';
import { makeVideo, uploadPhoto, uploadVideo } from './helpers/media.js';
import { insertStory } from './helpers/stories.js';
import type { Person } from './helpers/summaries.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';
import { ENCODE_VIDEO_JOB } from '../src/features/posts/uploads.js';
import { setRoleByUsername } from '../src/features/moderation/roles.js';

type TrayNode = { id: string; latest_reel_media: number; seen: number; has_besties_media: boolean; owner: { id: string; username: string }; expiring_at: number };
interface Posted { id: string; ownerId: string; takenAt: number }

/**
 * The story tray is kept ready per viewer and served again without building it: each test reads
 * it (so it is prepared), makes one kind of write, and reads again to see that write.
 */
describe(`the prepared story tray (${databaseKind})`, () => {
  let t: TestApp;
  const statements = { n: 0 };
  beforeAll(async () => { t = await createTestApp({ countQueries: statements }); });
  afterAll(async () => { await t.close(); });

  const person = () => signedUpAgent(t.app);
  const ok = async (res: Promise<{ status: number; text?: string }>) => expect((await res).status).toBe(200);
  const follow = (a: Person, b: Person) => ok(a.agent.post(`/web/friendships/${b.user.id}/follow/`));

  async function tray(p: Person): Promise<TrayNode[]> {
    const res = await p.agent.get(q('feed_tray', {}));
    expect(res.status, res.text).toBe(200);
    return res.body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e: { node: TrayNode }) => e.node);
  }
  const rings = async (p: Person) => (await tray(p)).map((n) => n.id);

  async function postStory(p: Person, audience: 'everyone' | 'besties' = 'everyone'): Promise<Posted> {
    const up = await uploadPhoto(p.agent);
    expect(up.status).toBe(200);
    const res = await p.agent.postJson('/create/configure_to_story/', { upload_id: up.uploadId, audience });
    expect(res.status, res.text).toBe(200);
    return { id: res.body.media.id, ownerId: p.user.id, takenAt: res.body.media.taken_at_timestamp };
  }

  /** A viewer following an owner whose story is in the viewer's tray, which is prepared. */
  async function scene() {
    const owner = await person();
    const viewer = await person();
    await follow(viewer, owner);
    expect(await rings(viewer)).toEqual([]);
    const story = await postStory(owner);
    expect(await rings(viewer)).toEqual([owner.user.id]);
    return { owner, viewer, story };
  }

  it('shows the first story of someone followed who had no ring in it', async () => {
    // scene() reads an empty tray, then the followee's story must appear in it.
    const { viewer, owner } = await scene();
    const second = await postStory(owner);
    expect((await tray(viewer))[0]!.latest_reel_media).toBe(second.takenAt);
  });

  it('is served again with no statement: the access rules decide from who they remember as there', async () => {
    const { viewer } = await scene();
    const before = await tray(viewer);
    // The first read served from what was prepared asks the access rules, which remember their answer.
    expect(await tray(viewer)).toEqual(before);
    statements.n = 0;
    const again = await tray(viewer);
    expect(statements.n).toBe(0);
    expect(again).toEqual(before);
  });

  it('drops a deleted story', async () => {
    const { owner, viewer, story } = await scene();
    await ok(owner.agent.post(`/stories/${story.id}/delete/`));
    expect(await rings(viewer)).toEqual([]);
  });

  it('shows a reel seen', async () => {
    const { owner, viewer, story } = await scene();
    expect((await tray(viewer))[0]!.seen).toBe(0);
    await ok(viewer.agent.post('/stories/reel/seen/', {
      reelMediaId: story.id, reelMediaOwnerId: owner.user.id, reelId: owner.user.id,
      reelMediaTakenAt: String(story.takenAt), viewSeenAt: String(Math.floor(Date.now() / 1000)),
    }));
    expect((await tray(viewer))[0]!.seen).toBe(story.takenAt);
  });

  it('shows the reel of someone newly followed, and loses it on unfollow', async () => {
    const { owner, viewer } = await scene();
    const other = await person();
    await postStory(other);
    expect(await rings(viewer)).toEqual([owner.user.id]);
    await follow(viewer, other);
    expect((await rings(viewer)).sort()).toEqual([owner.user.id, other.user.id].sort());
    await ok(viewer.agent.post(`/web/friendships/${other.user.id}/unfollow/`));
    expect(await rings(viewer)).toEqual([owner.user.id]);
  });

  it('shows the reel of a private account once it approves the follow request', async () => {
    const { viewer } = await scene();
    const owner = await person();
    await ok(owner.agent.post('/accounts/set_private/'));
    await postStory(owner);
    await follow(viewer, owner);
    expect(await rings(viewer)).not.toContain(owner.user.id);
    // The owner's write: the requester's tray does not name the owner yet.
    await ok(owner.agent.post(`/web/friendships/${viewer.user.id}/approve/`));
    expect(await rings(viewer)).toContain(owner.user.id);
  });

  it('loses the reel of someone who blocks the viewer, and of someone the viewer blocks', async () => {
    const first = await scene();
    await ok(first.owner.agent.post(`/web/friendships/${first.viewer.user.id}/block/`));
    expect(await rings(first.viewer)).toEqual([]);

    const second = await scene();
    await ok(second.viewer.agent.post(`/web/friendships/${second.owner.user.id}/block/`));
    expect(await rings(second.viewer)).toEqual([]);
  });

  it('keeps a follower\'s ring when the owner goes private, and loses it when the follow ends', async () => {
    const { owner, viewer } = await scene();
    await ok(owner.agent.post('/accounts/set_private/'));
    expect(await rings(viewer)).toEqual([owner.user.id]);
    // No longer a follower of a private account: nothing of it is shown.
    await ok(viewer.agent.post(`/web/friendships/${owner.user.id}/unfollow/`));
    expect(await rings(viewer)).toEqual([]);
    await follow(viewer, owner);
    expect(await rings(viewer)).toEqual([]);
  });

  it("shows a close friends' story when the viewer is added to the list, and loses it when taken off", async () => {
    const owner = await person();
    const viewer = await person();
    await follow(viewer, owner);
    await postStory(owner, 'besties');
    expect(await rings(viewer)).toEqual([]);
    await ok(owner.agent.postJson('/web/close_friends/set/', { add: [viewer.user.id] }));
    const [ring] = await tray(viewer);
    expect([ring?.id, ring?.has_besties_media]).toEqual([owner.user.id, true]);
    await ok(owner.agent.postJson('/web/close_friends/set/', { remove: [viewer.user.id] }));
    expect(await rings(viewer)).toEqual([]);
  });

  it("shows the owner's close friends' story added to a ring already there", async () => {
    const { owner, viewer } = await scene();
    await ok(owner.agent.postJson('/web/close_friends/set/', { add: [viewer.user.id] }));
    expect((await tray(viewer))[0]!.has_besties_media).toBe(false);
    await postStory(owner, 'besties');
    expect((await tray(viewer))[0]!.has_besties_media).toBe(true);
  });

  it('loses the reel of an account deactivated', async () => {
    const { owner, viewer } = await scene();
    await ok(owner.agent.post('/accounts/deactivate/', { password: owner.user.password }));
    expect(await rings(viewer)).toEqual([]);
  });

  it('loses the reel of an account a moderator suspends', async () => {
    const { owner, viewer } = await scene();
    const mod = await person();
    expect(await setRoleByUsername(t.db, mod.user.username, 'moderator')).toMatchObject({ ok: true });
    await ok(mod.agent.post(`/api/v1/admin/accounts/${owner.user.id}/action/`, { type: 'suspend', text: 'Spam account' }));
    expect(await rings(viewer)).toEqual([]);
  });

  it('is not served past the expiry of a story in it', async () => {
    const owner = await person();
    const viewer = await person();
    await follow(viewer, owner);
    // Written straight into the table: no write tells the tray, only the story's own expiry.
    await insertStory(t, owner.user.id, { takenAt: new Date(Date.now() - 60_000), expiringAt: new Date(Date.now() + 1500) });
    expect(await rings(viewer)).toEqual([owner.user.id]);
    await new Promise((r) => setTimeout(r, 1600));
    expect(await rings(viewer)).toEqual([]);
  });

  it("shows a video story once its encoding ends, outside any request", async () => {
    const owner = await person();
    const viewer = await person();
    await follow(viewer, owner);
    const { uploadId } = await uploadVideo(owner.agent, makeVideo(1));
    const upload = () => t.db.selectFrom('uploads').select(['status']).where('upload_id', '=', uploadId).executeTakeFirstOrThrow();
    // Encoding a video takes seconds, and more while the other suite's worker encodes too.
    await expect.poll(async () => (await upload()).status, { timeout: 60_000, interval: 200 }).toBe('ready');
    // Back to "encoding" (the files stay), so that the story certainly waits for the job.
    await t.db.updateTable('uploads').set({ status: 'processing' }).where('upload_id', '=', uploadId).execute();
    const res = await owner.agent.postJson('/create/configure_to_story/', { upload_id: uploadId });
    expect(res.status, res.text).toBe(200);
    expect(await rings(viewer)).toEqual([]);

    await t.db.updateTable('uploads').set({ status: 'ready' }).where('upload_id', '=', uploadId).execute();
    await t.queue.send(ENCODE_VIDEO_JOB, { ownerId: owner.user.id, uploadId });
    const story = () => t.db.selectFrom('stories').select('status').where('id', '=', res.body.media.id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await story()).status, { timeout: 60_000, interval: 200 }).toBe('ready');
    expect(await rings(viewer)).toEqual([owner.user.id]);
  }, 150_000);
});
