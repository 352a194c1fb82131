import sharp from 'sharp';
import { STORY_TTL_MS, type StoryAudience, type StorySticker } from '@shutter/contract';
import type { Db } from '../../src/db/database.js';
import { createIdGenerator } from '../../src/platform/ids.js';
import type { Storage } from '../../src/platform/storage.js';

const nextId = createIdGenerator(4094);
let picture: Buffer | null = null;

/** A tiny 9:16 JPEG, made once per suite. */
async function smallJpeg(): Promise<Buffer> {
  picture ??= await sharp({ create: { width: 36, height: 64, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg({ quality: 70 }).toBuffer();
  return picture;
}

export interface StoryOptions {
  /** When it was posted: now by default. */
  takenAt?: Date;
  /** When it leaves trays and reels: a day after it was posted by default. */
  expiringAt?: Date;
  audience?: StoryAudience;
  status?: 'processing' | 'ready' | 'failed';
  stickers?: StorySticker[];
  hashtags?: string[];
  locationId?: string | null;
}

export interface InsertedStory {
  id: string;
  ownerId: string;
  takenAt: Date;
  /** Seconds, as the answers tell it. */
  takenAtSeconds: number;
}

/**
 * A story as posting leaves it: its row, two real picture sizes in storage, its hashtags. Tests
 * choose its times (an expired one, one posted an hour ago).
 */
export async function insertStory(t: { db: Db; storage: Storage }, ownerId: string, opts: StoryOptions = {}): Promise<InsertedStory> {
  const id = nextId();
  const takenAt = opts.takenAt ?? new Date();
  const expiringAt = opts.expiringAt ?? new Date(takenAt.getTime() + STORY_TTL_MS);
  const data = await smallJpeg();
  const variants = [];
  for (const width of [36, 18]) {
    const key = `stories/${ownerId}/${id}_${width}.jpg`;
    await t.storage.put(key, width === 36 ? data : await sharp(data).resize(width, width * 16 / 9).jpeg().toBuffer());
    variants.push({ width, height: Math.round(width * 16 / 9), key });
  }
  await t.db.insertInto('stories').values({
    id, owner_id: ownerId, kind: 'image', status: opts.status ?? 'ready', audience: opts.audience ?? 'everyone',
    upload_id: `test${id}`, width: 36, height: 64, thumbhash: null, variants: JSON.stringify(variants),
    stickers: JSON.stringify(opts.stickers ?? []), location_id: opts.locationId ?? null, taken_at: takenAt, expiring_at: expiringAt,
  }).execute();
  for (const name of opts.hashtags ?? []) {
    await t.db.insertInto('story_hashtags').values({ story_id: id, name, taken_at: takenAt }).execute();
  }
  return { id, ownerId, takenAt, takenAtSeconds: Math.floor(takenAt.getTime() / 1000) };
}

/** Lists `friendId` among `ownerId`'s close friends. */
export async function addCloseFriend(db: Db, ownerId: string, friendId: string): Promise<void> {
  await db.insertInto('close_friends').values({ owner_id: ownerId, friend_id: friendId }).onConflict((oc) => oc.doNothing()).execute();
}

/** A highlight of `ownerId` keeping these stories, in this order. */
export async function insertHighlight(db: Db, ownerId: string, title: string, storyIds: string[], coverStoryId: string | null = null): Promise<string> {
  const id = nextId();
  await db.insertInto('highlights').values({ id, owner_id: ownerId, title, cover_story_id: coverStoryId ?? storyIds[0] ?? null, updated_at: new Date() }).execute();
  let at = Date.now() - storyIds.length * 1000;
  for (const storyId of storyIds) {
    await db.insertInto('highlight_items').values({ highlight_id: id, story_id: storyId, added_at: new Date((at += 1000)) }).execute();
  }
  return id;
}

/** What the viewer sends when an item of a reel has been shown. */
export function seenForm(story: InsertedStory, reelId = story.ownerId) {
  return {
    reelMediaId: story.id,
    reelMediaOwnerId: story.ownerId,
    reelId,
    reelMediaTakenAt: String(story.takenAtSeconds),
    viewSeenAt: String(Math.floor(Date.now() / 1000)),
  };
}

/** People made straight in the database (no password to check), for lists longer than a page. */
export async function insertPeople(db: Db, count: number, prefix = 'watcher'): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = nextId();
    const username = `${prefix}${id}`;
    await db.insertInto('users').values({ id, username, username_lower: username, email: `${username}@example.org`, email_lower: `${username}@example.org`, password_hash: 'x' }).execute();
    made.push(id);
  }
  return made;
}

/** `viewerId` saw the story at `at` (as marking it seen records it). */
export async function insertView(db: Db, storyId: string, viewerId: string, at: Date): Promise<void> {
  await db.insertInto('story_views').values({ story_id: storyId, viewer_id: viewerId, viewed_at: at }).execute();
}
