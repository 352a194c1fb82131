import sharp from 'sharp';
import { STORY_TTL_MS } from '@shutter/contract';
import type { Db } from '../../src/db/database.js';
import { createIdGenerator } from '../../src/platform/ids.js';
import type { Storage } from '../../src/platform/storage.js';

const nextId = createIdGenerator(4089);

export interface StoryRowOptions {
  audience?: 'everyone' | 'besties';
  status?: 'processing' | 'ready' | 'failed';
  /** When it was posted; now by default. It expires STORY_TTL_MS later. */
  takenAt?: Date;
}

/**
 * A story straight into the database, with a real tiny 9:16 image in storage: for reads that only
 * need stories to exist (rings), without the posting routes.
 */
export async function insertStory(db: Db, storage: Storage, ownerId: string, opts: StoryRowOptions = {}): Promise<{ id: string; takenAt: Date }> {
  const id = nextId();
  const key = `stories/${ownerId}/${id}_90.jpg`;
  await storage.put(key, await sharp({ create: { width: 90, height: 160, channels: 3, background: { r: 230, g: 90, b: 60 } } }).jpeg().toBuffer());
  const takenAt = opts.takenAt ?? new Date();
  await db.insertInto('stories').values({
    id, owner_id: ownerId, kind: 'image', status: opts.status ?? 'ready', audience: opts.audience ?? 'everyone', upload_id: `u${id}`,
    width: 90, height: 160, thumbhash: null, variants: JSON.stringify([{ width: 90, height: 160, key }]), video_key: null, poster_key: null,
    duration_ms: null, stickers: '[]', location_id: null, taken_at: takenAt, expiring_at: new Date(takenAt.getTime() + STORY_TTL_MS),
  }).execute();
  return { id, takenAt };
}

export async function addCloseFriend(db: Db, ownerId: string, friendId: string): Promise<void> {
  await db.insertInto('close_friends').values({ owner_id: ownerId, friend_id: friendId }).onConflict((oc) => oc.doNothing()).execute();
}
