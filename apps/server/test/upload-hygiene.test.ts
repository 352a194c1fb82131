import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPUBLISHED_UPLOADS_MAX, UNPUBLISHED_UPLOAD_TTL_MS, UNPUBLISHED_VIDEOS_MAX } from '@shutter/contract';
import { createPostsRepository } from '../src/features/posts/repository.js';
import { createUploads } from '../src/features/posts/uploads.js';
import { Agent, signUp } from './helpers/agent.js';
import { makeJpeg, makeVideo, newUploadId, postPhoto, uploadPhoto, uploadVideo } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const fileExists = (key: string) => fs.existsSync(path.join(t.dataDir, 'media', key));
const uploadRow = (ownerId: string, uploadId: string) => t.db.selectFrom('uploads').selectAll().where('owner_id', '=', ownerId).where('upload_id', '=', uploadId).executeTakeFirst();
const backdate = (ownerId: string, uploadId: string, ms: number) =>
  t.db.updateTable('uploads').set({ created_at: sql`now() - ${`${Math.round(ms / 1000)} seconds`}::interval` }).where('owner_id', '=', ownerId).where('upload_id', '=', uploadId).execute();

/** Rows for uploads an account holds unposted, as a factory would make them (no files). */
async function holdUnposted(ownerId: string, count: number, kind: 'image' | 'video') {
  const repo = createPostsRepository(t.db);
  for (let i = 0; i < count; i++) {
    await repo.insertUpload({ upload_id: newUploadId(), owner_id: ownerId, kind, status: 'ready', width: 10, height: 10, thumbhash: null, variants: [], source_key: null });
  }
}

describe(`uploads never published (${databaseKind})`, () => {
  it('are deleted with their files after a day; published and newer ones stay', async () => {
    const agent = new Agent(t.app);
    const me = await signUp(agent);
    const stale = await uploadPhoto(agent, await makeJpeg(320, 240));
    const fresh = await uploadPhoto(agent, await makeJpeg(320, 240));
    const post = await postPhoto(agent, 'kept');
    const published = await t.db.selectFrom('uploads').select('upload_id').where('media_id', '=', post.id).executeTakeFirstOrThrow();
    const staleKeys = (await uploadRow(me.id, stale.uploadId))!.variants.map((v) => v.key);
    expect(staleKeys.length).toBeGreaterThan(0);
    expect(staleKeys.every(fileExists)).toBe(true);
    await backdate(me.id, stale.uploadId, UNPUBLISHED_UPLOAD_TTL_MS + 60_000);
    await backdate(me.id, published.upload_id, UNPUBLISHED_UPLOAD_TTL_MS + 60_000);
    await backdate(me.id, fresh.uploadId, UNPUBLISHED_UPLOAD_TTL_MS - 60_000);

    // Purging touches no published post, so nothing is there to invalidate.
    const uploads = createUploads(createPostsRepository(t.db), t.storage, t.queue, { forget: async () => undefined });
    expect(await uploads.purgeExpired()).toBeGreaterThanOrEqual(1);

    expect(await uploadRow(me.id, stale.uploadId)).toBeUndefined();
    expect(staleKeys.some(fileExists)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/media/${staleKeys[0]}` })).statusCode).toBe(404);
    expect(await uploadRow(me.id, fresh.uploadId)).toBeDefined();
    expect(await uploadRow(me.id, published.upload_id)).toBeDefined();
    expect((await agent.get(`/p/${post.shortcode}/?__a=1`)).status).toBe(200);
    expect(post.display_resources.every((r: { src: string }) => fileExists(r.src.replace(/^\/media\//, '')))).toBe(true);
    // Publishing the purged upload now fails cleanly.
    expect((await agent.post('/create/configure/', { upload_id: stale.uploadId, caption: 'too late' })).status).toBeGreaterThanOrEqual(400);
  });

  it(`are bounded per account: at most ${UNPUBLISHED_UPLOADS_MAX}, of which ${UNPUBLISHED_VIDEOS_MAX} videos; past that a 429 and nothing is written`, async () => {
    const agent = new Agent(t.app);
    const me = await signUp(agent);
    await holdUnposted(me.id, UNPUBLISHED_UPLOADS_MAX - 1, 'image');
    const last = await uploadPhoto(agent, await makeJpeg(64, 64));
    expect(last.status).toBe(200);
    const over = await uploadPhoto(agent, await makeJpeg(64, 64));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(`You have ${UNPUBLISHED_UPLOADS_MAX} photos and videos uploaded but not posted yet. Post them before you upload more; unposted uploads are removed after a day.`);
    expect(await uploadRow(me.id, over.uploadId)).toBeUndefined();
    // A retry of an upload the account already holds still answers it.
    expect((await uploadPhoto(agent, await makeJpeg(64, 64), last.uploadId)).status).toBe(200);
    // Posting one makes room again.
    expect((await agent.post('/create/configure/', { upload_id: last.uploadId, caption: '' })).status).toBe(200);
    expect((await uploadPhoto(agent, await makeJpeg(64, 64))).status).toBe(200);

    const filmmaker = new Agent(t.app);
    const them = await signUp(filmmaker);
    await holdUnposted(them.id, UNPUBLISHED_VIDEOS_MAX, 'video');
    const video = await uploadVideo(filmmaker, makeVideo(1));
    expect(video.res.status).toBe(429);
    expect(video.res.body.message).toMatch(new RegExp(`^You have ${UNPUBLISHED_VIDEOS_MAX} videos uploaded but not posted yet`));
    expect(await uploadRow(them.id, video.uploadId)).toBeUndefined();
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads'))).toEqual([]);
    expect((await uploadPhoto(filmmaker, await makeJpeg(64, 64))).status).toBe(200);
  }, 60_000);
});

describe(`video encoding (${databaseKind})`, () => {
  it("gives every account its turn: one account's queue of videos does not hold up another's single video", async () => {
    const busy = new Agent(t.app);
    const busyUser = await signUp(busy);
    const other = new Agent(t.app);
    const otherUser = await signUp(other);
    const clip = makeVideo(2);
    const queued: { owner: string; agent: Agent; uploadId: string }[] = [];
    // Side by side, as a phone sends a carousel's videos: each still takes its own turn.
    for (const { res, uploadId } of await Promise.all([1, 2, 3, 4].map(() => uploadVideo(busy, clip)))) {
      expect(res.status).toBe(200);
      queued.push({ owner: busyUser.id, agent: busy, uploadId });
    }
    const single = await uploadVideo(other, clip);
    expect(single.res.status).toBe(200);
    queued.push({ owner: otherUser.id, agent: other, uploadId: single.uploadId });
    // On a busy machine an upload can take longer than an encoding: the busy account's videos done
    // before the other's arrived were never in its way.
    const statuses = async () => new Map((await t.db.selectFrom('uploads').select(['upload_id', 'status'])
      .where('upload_id', 'in', queued.map((q) => q.uploadId)).execute()).map((r) => [r.upload_id, r.status]));
    const doneBefore = new Set([...(await statuses())].filter(([id, status]) => id !== single.uploadId && status === 'ready').map(([id]) => id));

    const readyOrder: string[] = [];
    for (let i = 0; i < 1200 && readyOrder.length < queued.length; i++) {
      const now = await statuses();
      for (const q of queued) {
        if (!readyOrder.includes(q.uploadId) && now.get(q.uploadId) === 'ready') readyOrder.push(q.uploadId);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(readyOrder).toHaveLength(queued.length);
    expect(doneBefore.size).toBeLessThan(4);
    // Of those still waiting, at worst one was already being encoded when the other's came.
    expect(readyOrder.filter((id) => !doneBefore.has(id)).indexOf(single.uploadId)).toBeLessThanOrEqual(1);
  }, 120_000);
});
