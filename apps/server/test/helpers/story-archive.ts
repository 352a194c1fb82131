import { STORY_TTL_MS, type StoryAudience } from '@shutter/contract';
import sharp from 'sharp';
import type { Db } from '../../src/db/database.js';
import { createIdGenerator } from '../../src/platform/ids.js';
import type { Storage } from '../../src/platform/storage.js';

const nextId = createIdGenerator(4094);
const COLORS = [{ r: 200, g: 80, b: 40 }, { r: 40, g: 120, b: 200 }, { r: 60, g: 160, b: 90 }, { r: 180, g: 60, b: 160 }, { r: 220, g: 170, b: 40 }];
let made = 0;

/**
 * A story as the posting path would leave it (a real 9:16 image in storage, two widths), written
 * directly so that tests can place it anywhere in time: live, expired, or days old.
 */
export async function insertStory(db: Db, storage: Storage, ownerId: string, opts: { ageMs?: number; audience?: StoryAudience; status?: 'ready' | 'processing' } = {}): Promise<string> {
  made += 1;
  const tiny = await sharp({ create: { width: 18, height: 32, channels: 3, background: COLORS[made % COLORS.length]! } }).jpeg().toBuffer();
  const id = nextId();
  const takenAt = new Date(Date.now() - (opts.ageMs ?? 0));
  const variants = [];
  for (const width of [36, 18]) {
    const key = `stories/${ownerId}/${id}_${width}.jpg`;
    await storage.put(key, tiny);
    variants.push({ width, height: (width * 16) / 9, key });
  }
  await db.insertInto('stories').values({
    id, owner_id: ownerId, kind: 'image', status: opts.status ?? 'ready', audience: opts.audience ?? 'everyone', upload_id: `t${id}`,
    width: 1080, height: 1920, thumbhash: null, variants: JSON.stringify(variants), video_key: null, poster_key: null, duration_ms: null,
    stickers: '[]', location_id: null, taken_at: takenAt, expiring_at: new Date(takenAt.getTime() + STORY_TTL_MS),
  }).execute();
  return id;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
