import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ImageVariant } from '../../db/schema.js';
import { STORY_HEIGHT, STORY_WIDTH, UNPUBLISHED_UPLOADS_MAX, UNPUBLISHED_UPLOAD_TTL_MS, UNPUBLISHED_VIDEOS_MAX, VIDEO_ENCODING_BUDGET } from '@shutter/contract';
import { badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors.js';
import {
  checkVideoLimits, checkVideoSource, detectMedia, encodeTimeoutMs, framePixels, MediaError, processFrame, processImage, probeStreams, transcodeVideo,
} from '../../platform/media/index.js';
import type { Queue } from '../../platform/queue.js';
import type { Storage } from '../../platform/storage.js';
import { mediaKeyBase } from './media-keys.js';
import type { PostsRepository } from './repository.js';
import type { PostSummaries } from './summaries.js';

export const ENCODE_VIDEO_JOB = 'encode-video';
/** Videos one process encodes at once: ffmpeg keeps a core busy each. */
export const VIDEO_ENCODES_AT_ONCE = 1;
const PURGE_BATCH = 100;
/** What an encoding job does after ffmpeg: the poster's sizes and storing the files. */
const JOB_AFTER_ENCODING_SEC = 5 * 60;
/** How often unposted uploads past their day are looked for. */
export const UPLOAD_PURGE_EVERY_MS = 60 * 60 * 1000;
interface EncodeJob {
  ownerId: string;
  uploadId: string;
}
export interface UploadsOptions {
  /** How long ffmpeg may encode any one video; by default each video's own timer (encodeTimeoutMs). */
  encodeTimeoutMs?: number;
}
type UploadRow = NonNullable<Awaited<ReturnType<PostsRepository['findUpload']>>>;
/** Told when a video's encoding ended (ready or failed); a retried job tells again, so a listener must be idempotent. */
export type EncodedListener = (upload: UploadRow) => Promise<void>;

/**
 * Uploads come before posts: a photo is processed at once (sizes, thumbhash, no metadata); a
 * video is checked, stored and encoded by a background job. The same upload id twice answers the
 * first upload, so a client may retry freely.
 */
export function createUploads(repo: PostsRepository, storage: Storage, queue: Queue, summaries: Pick<PostSummaries, 'forget'>, options: UploadsOptions = {}) {
  const encodedListeners: EncodedListener[] = [];

  async function storeImageVariants(ownerId: string, processed: { variants: { width: number; height: number; data: Buffer }[] }, base = mediaKeyBase('p', ownerId)): Promise<ImageVariant[]> {
    const variants = processed.variants.map((v) => ({ width: v.width, height: v.height, key: `${base}/${v.width}.jpg` }));
    await Promise.all(processed.variants.map((v, i) => storage.put(variants[i]!.key, v.data)));
    return variants;
  }

  async function existing(ownerId: string, uploadId: string, kind: 'image' | 'video') {
    const found = await repo.findUpload(ownerId, uploadId);
    if (found && found.kind !== kind) throw conflict('That upload id is already used by another file.');
    return found;
  }

  /** A new upload must fit what one account may hold unposted (a retry of an existing one always does). */
  async function checkQuota(ownerId: string, kind: 'image' | 'video') {
    const held = await repo.countUnpublished(ownerId);
    const full = held.all >= UNPUBLISHED_UPLOADS_MAX || (kind === 'video' && held.videos >= UNPUBLISHED_VIDEOS_MAX);
    if (full) {
      throw tooManyRequests(kind === 'video' && held.all < UNPUBLISHED_UPLOADS_MAX
        ? `You have ${held.videos} videos uploaded but not posted yet. Post them before you upload more; unposted uploads are removed after a day.`
        : `You have ${held.all} photos and videos uploaded but not posted yet. Post them before you upload more; unposted uploads are removed after a day.`);
    }
  }

  const encodingBudgetFull = () => tooManyRequests('Your videos still being processed already take all the processing time one account gets. Wait until they are ready, then upload this one again.');

  /**
   * A new video must fit what the account may have waiting for encoding, counted in frame pixels
   * (its encoding time), so that one account cannot hold the encoder for hours. Checked before the
   * file is stored, and again with the insert (insertVideoInTurn), where it also sets the video's turn.
   */
  async function checkEncodingBudget(ownerId: string, pixels: number) {
    const load = await repo.encodingLoad(ownerId);
    if (load.framePixels + pixels > VIDEO_ENCODING_BUDGET) throw encodingBudgetFull();
  }

  async function tell(upload: UploadRow): Promise<void> {
    for (const listener of encodedListeners) await listener(upload);
  }

  async function removeFiles(keys: (string | null)[]) {
    await Promise.allSettled(keys.filter((k): k is string => Boolean(k)).map((k) => storage.remove(k)));
  }

  return {
    async photo(ownerId: string, uploadId: string, data: Buffer) {
      const found = await existing(ownerId, uploadId, 'image');
      if (found) return found;
      await checkQuota(ownerId, 'image');
      const detected = await detectMedia(data);
      if (detected.kind !== 'image') throw badRequest('This file is a video: upload it as a video.');
      const [processed, frame] = await Promise.all([processImage(data), processFrame(data, { width: STORY_WIDTH, height: STORY_HEIGHT })]);
      const base = mediaKeyBase('p', ownerId);
      const variants = await storeImageVariants(ownerId, processed, base);
      const frameKey = frame ? `${base}/frame.jpg` : null;
      if (frame) await storage.put(frameKey!, frame.data);
      const created = await repo.insertUpload({
        upload_id: uploadId, owner_id: ownerId, kind: 'image', status: 'ready', width: processed.width, height: processed.height,
        thumbhash: processed.thumbhash, variants, source_key: null, frame_key: frameKey,
      });
      if (!created) await removeFiles([...variants.map((v) => v.key), frameKey]); // a retry raced this one
      return (await repo.findUpload(ownerId, uploadId))!;
    },

    /** `file` is the spooled upload; it is moved into storage or deleted. */
    async video(ownerId: string, uploadId: string, file: string) {
      try {
        const found = await existing(ownerId, uploadId, 'video');
        if (found) return found;
        await checkQuota(ownerId, 'video');
        const handle = await fs.open(file);
        const head = Buffer.alloc(4100);
        const { bytesRead } = await handle.read(head, 0, head.length, 0);
        await handle.close();
        const detected = await detectMedia(head.subarray(0, bytesRead));
        if (detected.kind !== 'video') throw badRequest('This file is a photo: upload it as a photo.');
        const { size } = await fs.stat(file);
        const info = await probeStreams(file);
        checkVideoLimits(size, info.durationSec);
        checkVideoSource(info);
        const pixels = framePixels(info);
        await checkEncodingBudget(ownerId, pixels);
        const sourceKey = `${mediaKeyBase('v', ownerId)}/source`;
        await storage.putFile(sourceKey, file);
        const joined = await repo.insertVideoInTurn({ upload_id: uploadId, owner_id: ownerId, width: info.width, height: info.height, source_key: sourceKey, frame_pixels: pixels }, VIDEO_ENCODING_BUDGET);
        if (joined === 'exists' || joined === 'full') {
          await storage.remove(sourceKey); // a retry raced this one, or videos uploaded alongside took the room
          if (joined === 'full') throw encodingBudgetFull();
        } else {
          // Each account's videos take turns with everyone else's: its n-th waiting video goes after
          // every account's first, so one account's twenty do not hold up another's one. The job
          // outlives ffmpeg's timer, so the queue never starts it again while it is still encoding.
          const expireInSeconds = Math.ceil(encodeTimeoutMs(info) / 1000) + JOB_AFTER_ENCODING_SEC;
          await queue.send<EncodeJob>(ENCODE_VIDEO_JOB, { ownerId, uploadId }, { priority: 0 - joined.videos, expireInSeconds });
        }
        return (await repo.findUpload(ownerId, uploadId))!;
      } finally {
        await fs.rm(file, { force: true });
      }
    },

    /** Deletes uploads never published within UNPUBLISHED_UPLOAD_TTL_MS, and their files; answers how many. */
    async purgeExpired(now = Date.now()): Promise<number> {
      const before = new Date(now - UNPUBLISHED_UPLOAD_TTL_MS);
      let purged = 0;
      for (;;) {
        const rows = await repo.takeExpiredUploads(before, PURGE_BATCH);
        await removeFiles(rows.flatMap((r) => [...r.variants.map((v) => v.key), r.video_key, r.poster_key, r.source_key, r.frame_key]));
        purged += rows.length;
        if (rows.length < PURGE_BATCH) return purged;
      }
    },

    /** Another area's step once a video is encoded or failed (a story made of it takes its files then). */
    onEncoded(listener: EncodedListener): void {
      encodedListeners.push(listener);
    },

    /** The account's upload by id, if there is one. */
    find: (ownerId: string, uploadId: string) => repo.findUpload(ownerId, uploadId),

    async status(ownerId: string, uploadId: string) {
      const found = await repo.findUpload(ownerId, uploadId);
      if (!found) throw notFound('No upload with that id.');
      return found;
    },

    /** The background job: H.264/AAC with faststart, a poster in every image size, then the post is ready. */
    async encode({ ownerId, uploadId }: EncodeJob): Promise<void> {
      const upload = await repo.findUpload(ownerId, uploadId);
      if (!upload) return;
      // Encoded already: a retry after a listener failed tells the listeners again.
      if (upload.status !== 'processing') return tell(upload);
      if (!upload.source_key) return;
      const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shutter-encode-'));
      try {
        const out = await transcodeVideo(await storage.localPath(upload.source_key), outDir, { timeoutMs: options.encodeTimeoutMs });
        const poster = await processImage(await fs.readFile(out.posterFile));
        const variants = await storeImageVariants(ownerId, poster);
        const base = mediaKeyBase('v', ownerId);
        await storage.putFile(`${base}/video.mp4`, out.videoFile);
        await storage.put(`${base}/poster.jpg`, await fs.readFile(out.posterFile));
        const posted = await repo.finishVideoUpload(ownerId, uploadId, {
          width: out.width, height: out.height, video_key: `${base}/video.mp4`, poster_key: `${base}/poster.jpg`,
          duration_ms: Math.round(out.durationSec * 1000), thumbhash: poster.thumbhash, variants,
        });
        if (posted) await summaries.forget(posted);
        await storage.remove(upload.source_key);
      } catch (err) {
        // A file that cannot be encoded (or ran past its timer) fails for good, its source with it;
        // anything else is retried by the queue.
        if (!(err instanceof MediaError)) throw err;
        const posted = await repo.failUpload(ownerId, uploadId, err.message);
        if (posted) await summaries.forget(posted);
        await removeFiles([upload.source_key]);
      } finally {
        await fs.rm(outDir, { recursive: true, force: true });
      }
      const done = await repo.findUpload(ownerId, uploadId);
      if (done) await tell(done);
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;
