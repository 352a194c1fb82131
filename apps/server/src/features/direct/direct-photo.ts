import { detectMedia, MediaError, processImage, type ProcessedImage } from '../../platform/media/index.js';
import { failWith, tooManyRequests } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Storage } from '../../platform/storage.js';
import { randomToken } from '../../platform/tokens.js';
import type { BroadcastRepository, PendingUpload } from './broadcast.repository.js';
import type { StoredPhoto } from './types.js';

/** A photo uploaded into a thread and not sent within this long is removed with its files. */
export const DIRECT_UPLOAD_TTL_MS = 60 * 60 * 1000;
/** How often the unsent photos are looked for. */
export const DIRECT_UPLOAD_PURGE_EVERY_MS = 10 * 60 * 1000;
/** Photos one account may hold uploaded and unsent at once. */
export const DIRECT_UNSENT_UPLOADS_MAX = 20;
const PURGE_BATCH = 100;

/**
 * Where a message's photo lives: `d/{senderId}/{token}/{width}.jpg`. The token's 72 random bits
 * make the key unguessable; the prefix keeps these files apart from posts' (`p/`, `v/`), so no
 * shared cache keeps them (platform/media's cache policy knows only posts' owners).
 */
const photoKeyBase = (senderId: string) => `d/${senderId}/${randomToken(9)}`;

export function presentPhoto(processed: ProcessedImage, keys: string[], storage: Storage): StoredPhoto {
  return {
    media_type: 1,
    image_versions2: { candidates: processed.variants.map((v, i) => ({ url: storage.url(keys[i]!), width: v.width, height: v.height })) },
    original_width: processed.width,
    original_height: processed.height,
    keys,
  };
}

/**
 * A message's photo before it is sent: checked by its bytes (format, size, pixel count),
 * processed by the media pipeline (orientation applied, metadata dropped, the feed's sizes),
 * stored, and held for its thread until a send claims it.
 */
export function createDirectPhotos(repo: BroadcastRepository, storage: Storage, nextId: IdGenerator) {
  async function removeFiles(keys: string[]) {
    await Promise.allSettled(keys.map((k) => storage.remove(k)));
  }

  return {
    /** Stores the photo for the sender's thread (membership is the caller's check); answers the upload id. */
    async upload(senderId: string, threadId: string, data: Buffer): Promise<string> {
      const since = new Date(Date.now() - DIRECT_UPLOAD_TTL_MS);
      if ((await repo.countUnsent(senderId, since)) >= DIRECT_UNSENT_UPLOADS_MAX) {
        throw tooManyRequests(`You have ${DIRECT_UNSENT_UPLOADS_MAX} photos uploaded but not sent. Send them before you upload more; unsent photos are removed after an hour.`);
      }
      const detected = await detectMedia(data);
      if (detected.kind !== 'image') throw new MediaError('unsupported', 'Only photos can be sent in a message.');
      const processed = await processImage(data);
      const base = photoKeyBase(senderId);
      const keys = processed.variants.map((v) => `${base}/${v.width}.jpg`);
      const uploadId = nextId();
      try {
        await Promise.all(processed.variants.map((v, i) => storage.put(keys[i]!, v.data)));
        await repo.insertUpload({ upload_id: uploadId, user_id: senderId, thread_id: threadId, photo: presentPhoto(processed, keys, storage) });
      } catch (err) {
        await removeFiles(keys);
        throw err;
      }
      return uploadId;
    },

    /**
     * The upload a send with this token may use: the sender's own, into this thread, still held.
     * A 404 otherwise (another's upload, another thread's, expired, or sent with another token).
     */
    async claim(senderId: string, uploadId: string, threadId: string, token: string): Promise<PendingUpload> {
      const claimed = await repo.claim(senderId, uploadId, threadId, token, new Date(Date.now() - DIRECT_UPLOAD_TTL_MS));
      if (!claimed) throw failWith(404, { code: 'direct_upload_not_found' });
      return claimed;
    },
    /** After a photo message was unsent: its files go too. */
    async removeSent(item: { itemType: string; payload: { photo?: StoredPhoto } | null }): Promise<void> {
      if (item.itemType === 'media' && item.payload?.photo) await removeFiles(item.payload.photo.keys);
    },
    markSent: repo.markSent,
    release: repo.release,

    /** Deletes the photos not sent within DIRECT_UPLOAD_TTL_MS, and their files; answers how many rows went. */
    async purgeExpired(now = Date.now()): Promise<number> {
      const before = new Date(now - DIRECT_UPLOAD_TTL_MS);
      let purged = 0;
      for (;;) {
        const rows = await repo.takeExpired(before, PURGE_BATCH);
        await removeFiles(rows.filter((r) => r.orphan).flatMap((r) => r.photo.keys));
        purged += rows.length;
        if (rows.length < PURGE_BATCH) return purged;
      }
    },
  };
}
export type DirectPhotos = ReturnType<typeof createDirectPhotos>;
