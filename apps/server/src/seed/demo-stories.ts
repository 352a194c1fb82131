import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { StoryAudience, StorySticker } from '@shutter/contract';
import type { Db } from '../db/database.js';
import { createAccessRepository } from '../features/access/repository.js';
import { createAccess } from '../features/access/service.js';
import { createUserSummaries } from '../features/accounts/user-summaries.js';
import { createActivityRepository } from '../features/activity/repository.js';
import { createActivity } from '../features/activity/service.js';
import { createStoryRings } from '../features/stories/rings.js';
import { createPlacesRepository } from '../features/places/repository.js';
import { createPlaces } from '../features/places/service.js';
import { mediaKeyBase } from '../features/posts/media-keys.js';
import { createPostsRepository } from '../features/posts/repository.js';
import { createStoriesRepository } from '../features/stories/repository.js';
import { createStories } from '../features/stories/service.js';
import type { IdGenerator } from '../platform/ids.js';
import type { Progress } from '../platform/log-steps.js';
import { transcodeVideo } from '../platform/media/index.js';
import type { Storage } from '../platform/storage.js';
import { createSummaryCaches } from '../platform/summary-cache.js';
import { randomToken } from '../platform/tokens.js';
import { sceneSvg } from './scenes.js';

const run = promisify(execFile);
const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The frame the demo's photos are drawn at: 9:16, small enough to draw fast (stories scale it up). */
const SOURCE = { width: 540, height: 960 };
/** Who keeps an archive for highlights: several expired stories each. */
const ARCHIVE_KEEPERS = ['alice', 'bob', 'carol', 'erin'];
const VIDEO_SOURCES = ['mandelbrot=size=360x640:rate=24', 'testsrc2=size=360x640:rate=24'];
const HASHTAGS = ['sunset', 'weekend', 'coffee', 'travel', 'nature'];

const byte = (seed: string, i = 0) => createHash('sha256').update(seed).digest()[i % 32]!;
const at = (x: number, y: number) => ({ x, y, width: 0.4, height: 0.08, rotation: 0 });

interface Job {
  ownerId: string;
  takenAt: number;
  audience: StoryAudience;
  stickers: StorySticker[];
  upload: () => Promise<string>;
}

export interface DemoStoriesDeps {
  db: Db;
  storage: Storage;
  nextId: IdGenerator;
  progress?: Progress;
}

/**
 * Stories of the demo world, posted through the stories service: live ones (the last 20 hours)
 * for alice and most people she follows, some for close friends only (alice is on their list),
 * a few with a mention of alice or a hashtag, two short videos; and expired ones for the archives
 * of alice, bob, carol and erin, to make highlights from. Deterministic by username.
 */
export async function seedDemoStories(deps: DemoStoriesDeps): Promise<{ live: number; expired: number }> {
  const { db, storage, nextId } = deps;
  const alice = await db.selectFrom('users').select(['id', 'username']).where('username_lower', '=', 'alice').executeTakeFirst();
  if (!alice) return { live: 0, expired: 0 };
  const followed = await db
    .selectFrom('follows').innerJoin('users', 'users.id', 'follows.followee_id')
    .select(['users.id', 'users.username']).where('follows.follower_id', '=', alice.id).orderBy('users.id').execute();
  const keepers = await db.selectFrom('users').select(['id', 'username']).where('username_lower', 'in', ARCHIVE_KEEPERS).execute();

  const postsRepo = createPostsRepository(db);
  const shared = {
    repo: createStoriesRepository(db),
    uploads: { find: postsRepo.findUpload },
    storage,
    nextId,
    access: createAccess(createAccessRepository(db)),
    places: createPlaces(createPlacesRepository(db), nextId),
    activity: createActivity(createActivityRepository(db), storage, nextId, createStoryRings(db)),
    userSummaries: createUserSummaries(db, createSummaryCaches({ prefix: 'seed', log: { warn: () => undefined } })),
  };
  /** A lane posts one story at a time at its own clock; two lanes keep two cores busy composing. */
  const lane = () => {
    let clock = Date.now();
    const stories = createStories({ ...shared, now: () => clock });
    return async (job: Job) => {
      const uploadId = await job.upload();
      clock = job.takenAt;
      const story = await stories.configure(job.ownerId, { uploadId, audience: job.audience, stickers: job.stickers });
      // A mention is told when the story is posted, hours ago here, not when the world was made.
      if (job.stickers.some((s) => s.type === 'mention')) await sql`update events set created_at = ${new Date(job.takenAt)} where story_id = ${story.id}`.execute(db);
    };
  };
  const jobs: Job[] = [];

  /** The upload a story is made of, stored as the uploads area would keep it (one 9:16 variant). */
  async function photoUpload(ownerId: string, seed: string): Promise<string> {
    const jpeg = await sharp(Buffer.from(sceneSvg(seed, SOURCE.width, SOURCE.height))).jpeg({ quality: 85 }).toBuffer();
    const key = `${mediaKeyBase('p', ownerId)}/${SOURCE.width}.jpg`;
    await storage.put(key, jpeg);
    const uploadId = randomToken(8);
    await postsRepo.insertUpload({
      upload_id: uploadId, owner_id: ownerId, kind: 'image', status: 'ready', width: SOURCE.width, height: SOURCE.height,
      thumbhash: null, variants: [{ ...SOURCE, key }], source_key: null,
    });
    return uploadId;
  }

  async function videoUpload(ownerId: string, source: string): Promise<string> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shutter-seed-story-'));
    try {
      const raw = path.join(dir, 'raw.mp4');
      await run(ffmpegPath, ['-v', 'error', '-f', 'lavfi', '-i', source, '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', raw]);
      const out = await transcodeVideo(raw, path.join(dir, 'out'));
      const base = mediaKeyBase('v', ownerId);
      await storage.putFile(`${base}/video.mp4`, out.videoFile);
      await storage.putFile(`${base}/poster.jpg`, out.posterFile);
      const uploadId = randomToken(8);
      await postsRepo.insertUpload({
        upload_id: uploadId, owner_id: ownerId, kind: 'video', status: 'processing', width: out.width, height: out.height,
        thumbhash: null, variants: [], source_key: null,
      });
      await postsRepo.finishVideoUpload(ownerId, uploadId, {
        width: out.width, height: out.height, video_key: `${base}/video.mp4`, poster_key: `${base}/poster.jpg`,
        duration_ms: Math.round(out.durationSec * 1000), thumbhash: null, variants: [],
      });
      return uploadId;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  // Close friends: every third person alice follows lists her, and alice lists two of them.
  const listing = followed.filter((_, i) => i % 3 === 0);
  const rows = [...listing.map((u) => ({ owner_id: u.id, friend_id: alice.id })), ...listing.slice(0, 2).map((u) => ({ owner_id: alice.id, friend_id: u.id }))];
  if (rows.length) await db.insertInto('close_friends').values(rows).onConflict((oc) => oc.doNothing()).execute();
  const listsAlice = new Set(listing.map((u) => u.id));

  const now = Date.now();
  let live = 0;
  let videos = 0;
  // Most of the people alice follows (not one in five), and alice herself.
  const posters = [alice, ...followed.filter((u) => byte(u.username) % 5 !== 0)];
  for (const [i, u] of posters.entries()) {
    const count = 1 + (byte(u.username, 1) % 2);
    for (let k = 0; k < count; k++) {
      const seed = `story-${u.username}-${k}`;
      const takenAt = now - (1 + (byte(seed, 2) % 19)) * HOUR - (byte(seed, 3) % 60) * 60_000;
      const isVideo = k === 0 && videos < VIDEO_SOURCES.length && i % 5 === 2;
      const source = isVideo ? VIDEO_SOURCES[videos++]! : null;
      const besties = u.id !== alice.id && listsAlice.has(u.id) && k === count - 1;
      const stickers: StorySticker[] = [];
      if (u.id !== alice.id && byte(seed, 4) % 4 === 0) stickers.push({ type: 'mention', user_id: alice.id, ...at(0.5, 0.3) });
      if (byte(seed, 5) % 3 === 0) stickers.push({ type: 'hashtag', name: HASHTAGS[byte(seed, 6) % HASHTAGS.length]!, ...at(0.5, 0.7) });
      jobs.push({
        ownerId: u.id, takenAt, audience: besties ? 'besties' : 'everyone', stickers,
        upload: () => (source ? videoUpload(u.id, source) : photoUpload(u.id, seed)),
      });
      live += 1;
    }
  }

  let expired = 0;
  for (const u of keepers) {
    const count = 4 + (byte(u.username, 7) % 2);
    for (let k = 0; k < count; k++) {
      const seed = `archive-${u.username}-${k}`;
      const takenAt = now - (2 + Math.floor((k * 18) / count)) * DAY - (byte(seed, 1) % 12) * HOUR;
      jobs.push({ ownerId: u.id, takenAt, audience: 'everyone', stickers: [], upload: () => photoUpload(u.id, seed) });
      expired += 1;
    }
  }
  const total = jobs.length;
  let posted = 0;
  await Promise.all([lane(), lane()].map(async (postOne) => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      await postOne(job);
      deps.progress?.(++posted, total, 'stories');
    }
  }));
  return { live, expired };
}
