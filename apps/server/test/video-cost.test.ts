import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VIDEO_ENCODING_BUDGET } from '@shutter/contract';
import { createPostsRepository } from '../src/features/posts/repository.js';
import { createUploads, ENCODE_VIDEO_JOB } from '../src/features/posts/uploads.js';
import { makeClip, makeLoopedClip, tempDir } from '../src/platform/media/test-fixtures.js';
import { Agent, signUp } from './helpers/agent.js';
import { newUploadId, uploadVideo } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await tempDir();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => { vi.restoreAllMocks(); });

const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];
const tiny = async (name: string, size: string, rate = 15) =>
  fs.readFileSync(await makeClip(path.join(dir, name), { seconds: 0.2, size, rate, audio: false, codec: x264 }));
const uploadRow = (ownerId: string, uploadId: string) =>
  t.db.selectFrom('uploads').selectAll().where('owner_id', '=', ownerId).where('upload_id', '=', uploadId).executeTakeFirst();
const spooled = () => fs.readdirSync(path.join(t.dataDir, 'uploads'));
/** Encoding jobs sent while `run` runs. */
async function jobsSent(run: () => Promise<unknown>): Promise<unknown[]> {
  const send = vi.spyOn(t.queue, 'send');
  await run();
  const sent = send.mock.calls.filter(([name]) => name === ENCODE_VIDEO_JOB);
  send.mockRestore();
  return sent;
}
/** The account's video files in storage (sources while encoding, then videos and posters). */
function filesOf(ownerId: string): string[] {
  const root = path.join(t.dataDir, 'media', 'v', ownerId);
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

describe(`the caps on a video, at upload (${databaseKind})`, () => {
  it('refuses a side over 4096 px, more than 60 fps, and too many pixels in all: a 400 saying why, nothing stored or queued', async () => {
    const agent = new Agent(t.app);
    const me = await signUp(agent);
    const heavy = fs.readFileSync(await makeLoopedClip(path.join(dir, 'heavy.mp4'), { size: '4096x4096', rate: 8, base: 5, seconds: 590 }));
    const cases: [Buffer, string, string][] = [
      [await tiny('wide.mp4', '4100x16'), 'too_many_pixels', 'Videos can be at most 4096 pixels wide and 4096 pixels high; this one is 4100×16.'],
      [await tiny('tall.mp4', '16x4100'), 'too_many_pixels', 'Videos can be at most 4096 pixels wide and 4096 pixels high; this one is 16×4100.'],
      [await tiny('fast.mp4', '16x16', 120), 'unsupported', 'Videos can have at most 60 frames per second; this one has 120.'],
      [heavy, 'too_long', 'This video is too long for its size: at 4096×4096 and 8 frames per second, a video can be at most 9 minutes 18 seconds long.'],
    ];
    for (const [data, code, message] of cases) {
      let uploadId = '';
      const sent = await jobsSent(async () => {
        const up = await uploadVideo(agent, data);
        uploadId = up.uploadId;
        expect(up.res.status).toBe(400);
        expect(up.res.body).toEqual({ status: 'fail', code, message });
      });
      expect(sent).toEqual([]);
      expect(await uploadRow(me.id, uploadId)).toBeUndefined();
      expect(filesOf(me.id)).toEqual([]);
      expect(spooled()).toEqual([]);
    }
  }, 60_000);

  it('takes a video at the caps (4096 px, 60 fps): stored, its frame pixels recorded, queued with a job that outlasts its timer', async () => {
    const agent = new Agent(t.app);
    const me = await signUp(agent);
    let uploadId = '';
    const sent = await jobsSent(async () => {
      const up = await uploadVideo(agent, await tiny('edge.mp4', '4096x16', 60));
      uploadId = up.uploadId;
      expect(up.res.status).toBe(200);
      expect(up.res.body).toMatchObject({ upload_status: 'processing', width: 4096, height: 16 });
    });
    expect(sent).toEqual([[ENCODE_VIDEO_JOB, { ownerId: me.id, uploadId }, { priority: 0, expireInSeconds: expect.any(Number) }]]);
    const expiry = (sent[0] as [string, unknown, { expireInSeconds: number }])[2].expireInSeconds;
    expect(expiry).toBeGreaterThan(60);
    expect(expiry).toBeLessThan(10 * 60);
    const row = await uploadRow(me.id, uploadId);
    expect(row!.frame_pixels).toBe(4096 * 16 * 12);
    for (let i = 0; i < 120 && (await uploadRow(me.id, uploadId))!.status === 'processing'; i++) await new Promise((r) => setTimeout(r, 250));
    expect((await uploadRow(me.id, uploadId))!.status).toBe('ready');
  }, 60_000);
});

describe(`each account's encoding budget (${databaseKind})`, () => {
  it('answers 429 while the videos waiting already fill it, stores and queues nothing, and takes the video once they are done', async () => {
    const agent = new Agent(t.app);
    const me = await signUp(agent);
    const clip = await tiny('clip.mp4', '320x240');
    const clipPixels = 320 * 240 * 3;
    // A video the account has waiting for encoding (a row as the upload makes it, its job elsewhere).
    const waiting = newUploadId();
    await createPostsRepository(t.db).insertUpload({
      upload_id: waiting, owner_id: me.id, kind: 'video', status: 'processing', width: 1920, height: 1080, thumbhash: null, variants: [], source_key: null,
      frame_pixels: VIDEO_ENCODING_BUDGET - clipPixels + 1,
    });
    let refused = '';
    const sent = await jobsSent(async () => {
      const up = await uploadVideo(agent, clip);
      refused = up.uploadId;
      expect(up.res.status).toBe(429);
      expect(up.res.body).toEqual({
        status: 'fail',
        message: 'Your videos still being processed already take all the processing time one account gets. Wait until they are ready, then upload this one again.',
      });
    });
    expect(sent).toEqual([]);
    expect(await uploadRow(me.id, refused)).toBeUndefined();
    expect(filesOf(me.id)).toEqual([]);
    expect(spooled()).toEqual([]);

    // Another account is not held back by this one's budget.
    const other = new Agent(t.app);
    await signUp(other);
    expect((await uploadVideo(other, clip)).res.status).toBe(200);

    // Exactly at the budget is still in; once the waiting video is encoded, there is room again.
    await t.db.updateTable('uploads').set({ frame_pixels: VIDEO_ENCODING_BUDGET - clipPixels }).where('upload_id', '=', waiting).execute();
    const fits = await uploadVideo(agent, clip);
    expect(fits.res.status).toBe(200);
    expect((await uploadRow(me.id, fits.uploadId))!.frame_pixels).toBe(clipPixels);
    await t.db.updateTable('uploads').set({ status: 'ready' }).where('upload_id', '=', waiting).execute();
    expect((await uploadVideo(agent, clip)).res.status).toBe(200);
  }, 60_000);
});

describe(`videos uploaded side by side (${databaseKind})`, () => {
  it('each sees the others: with room for one, one is taken and the other answers 429 with nothing stored', async () => {
    const agent = new Agent(t.app);
    const me = await signUp(agent);
    const clip = await tiny('clip.mp4', '320x240');
    const clipPixels = 320 * 240 * 3;
    await createPostsRepository(t.db).insertUpload({
      upload_id: newUploadId(), owner_id: me.id, kind: 'video', status: 'processing', width: 1920, height: 1080, thumbhash: null, variants: [], source_key: null,
      frame_pixels: VIDEO_ENCODING_BUDGET - 2 * clipPixels + 1,
    });
    let statuses: number[] = [];
    const sent = await jobsSent(async () => {
      const ups = await Promise.all([uploadVideo(agent, clip), uploadVideo(agent, clip), uploadVideo(agent, clip)]);
      statuses = ups.map((u) => u.res.status).sort();
    });
    expect(statuses).toEqual([200, 429, 429]);
    expect(sent).toHaveLength(1);
    // The one taken and the one that was waiting; the refused left no row, no source and no spool.
    expect(await t.db.selectFrom('uploads').select('upload_id').where('owner_id', '=', me.id).execute()).toHaveLength(2);
    expect(filesOf(me.id).filter((name) => name === 'source').length).toBeLessThanOrEqual(1);
    expect(spooled()).toEqual([]);
  }, 60_000);
});

describe(`the encoding timer (${databaseKind})`, () => {
  it('fails an upload whose encoding runs past it for good: its message, no source left, nothing retried', async () => {
    const agent = new Agent(t.app);
    const me = await signUp(agent);
    // The upload as the route leaves it, without a job, so that only this encoder takes it.
    const uploadId = newUploadId();
    const sourceKey = `v/${me.id}/killed/source`;
    const file = await makeClip(path.join(dir, 'killed.mp4'), { seconds: 1, codec: x264 });
    await t.storage.putFile(sourceKey, file);
    await createPostsRepository(t.db).insertUpload({
      upload_id: uploadId, owner_id: me.id, kind: 'video', status: 'processing', width: 320, height: 240, thumbhash: null, variants: [], source_key: sourceKey,
    });
    const uploads = createUploads(createPostsRepository(t.db), t.storage, t.queue, { forget: async () => undefined }, { encodeTimeoutMs: 1 });
    // It resolves: the queue counts the job done and does not run it again.
    await expect(uploads.encode({ ownerId: me.id, uploadId })).resolves.toBeUndefined();

    const status = await agent.get(`/create/upload/${uploadId}/`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      upload_status: 'failed', message: 'This video took too long to process. Try a shorter video, or one with a smaller picture.',
    });
    expect(fs.existsSync(path.join(t.dataDir, 'media', sourceKey))).toBe(false);
    expect(filesOf(me.id)).toEqual([]);
  }, 30_000);
});
