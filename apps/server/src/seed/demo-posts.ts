import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Db } from '../db/database.js';
import type { ImageVariant } from '../db/schema.js';
import { extractHashtags, extractMentions } from '../features/posts/caption.js';
import { mediaKeyBase } from '../features/posts/media-keys.js';
import { createPostsRepository } from '../features/posts/repository.js';
import { createIdGenerator } from '../platform/ids.js';
import type { Progress } from '../platform/log-steps.js';
import { processImage, transcodeVideo } from '../platform/media/index.js';
import type { Storage } from '../platform/storage.js';
import { randomToken } from '../platform/tokens.js';
import { sceneSvg } from './scenes.js';

const run = promisify(execFile);
const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

const CAPTIONS = [
  'Golden hour never gets old #sunset #goldenhour', 'Weekend mood #weekend #outdoors #nature', 'Found this view on the way home #nature',
  'Morning light over the hills #morning #hiking #nature', 'Can we stay here forever? #travel #wanderlust', 'Quiet evening #calm #sunset',
  'First swim of the season #summer #sea', 'Postcard from the mountains #mountains #travel', 'Night walk #stars #nightsky',
  'Colours of the day #colour #photography', 'Road trip, day three #roadtrip', 'A little break from everything',
  'Right at the edge of the cliff #extreme #travel',
];
const COMMENTS = ['Wow 😍', 'Stunning!', 'Where is this?', 'Take me there', 'Love the colours', 'This is beautiful', 'Great shot!', '🔥🔥', 'So peaceful', 'Need this view right now'];
const SHAPES = [[1080, 1080], [1080, 1350], [1080, 720]] as const;
const VIDEO_SOURCES = ['mandelbrot=size=480x480:rate=24', 'life=size=480x480:rate=12:mold=10:ratio=0.2', 'testsrc2=size=480x480:rate=24'];

const byte = (seed: string, i = 0) => createHash('sha256').update(seed).digest()[i % 32]!;

export interface DemoPostsDeps {
  db: Db;
  storage: Storage;
  shardId?: number;
  progress?: Progress;
}

export async function storePhoto(storage: Storage, ownerId: string, seed: string, w: number, h: number) {
  const processed = await processImage(await sharp(Buffer.from(sceneSvg(seed, w, h))).jpeg({ quality: 90 }).toBuffer());
  const base = mediaKeyBase('p', ownerId);
  const variants: ImageVariant[] = processed.variants.map((v) => ({ width: v.width, height: v.height, key: `${base}/${v.width}.jpg` }));
  await Promise.all(processed.variants.map((v, i) => storage.put(variants[i]!.key, v.data)));
  return { kind: 'image' as const, width: processed.width, height: processed.height, thumbhash: processed.thumbhash, variants, video_key: null, poster_key: null, duration_ms: null };
}

async function storeVideo(storage: Storage, ownerId: string, source: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shutter-seed-'));
  try {
    const raw = path.join(dir, 'raw.mp4');
    await run(ffmpegPath, ['-v', 'error', '-f', 'lavfi', '-i', source, '-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-t', '4', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', raw]);
    const out = await transcodeVideo(raw, path.join(dir, 'out'));
    const poster = await processImage(await fs.readFile(out.posterFile));
    const base = mediaKeyBase('v', ownerId);
    const variants: ImageVariant[] = poster.variants.map((v) => ({ width: v.width, height: v.height, key: `${base}/poster_${v.width}.jpg` }));
    await Promise.all(poster.variants.map((v, i) => storage.put(variants[i]!.key, v.data)));
    await storage.putFile(`${base}/video.mp4`, out.videoFile);
    return { kind: 'video' as const, width: out.width, height: out.height, thumbhash: poster.thumbhash, variants, video_key: `${base}/video.mp4`, poster_key: null, duration_ms: Math.round(out.durationSec * 1000) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The demo world's social life: who follows whom, photos (some albums, a few videos) spread over
 * the last two weeks, likes and comments between the personas. Deterministic by username.
 */
export async function seedDemoPosts(deps: DemoPostsDeps): Promise<{ posts: number; follows: number }> {
  const { db, storage } = deps;
  const users = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const n = users.length;
  const now = Date.now();
  let clock = now - 14 * 24 * 3600 * 1000;
  const nextId = createIdGenerator(deps.shardId ?? 0, () => clock);

  const follows: { follower_id: string; followee_id: string; id: string }[] = [];
  const pairs = new Set<string>();
  const addFollow = (follower: string, followee: string) => {
    if (follower === followee || pairs.has(`${follower}:${followee}`)) return;
    pairs.add(`${follower}:${followee}`);
    follows.push({ follower_id: follower, followee_id: followee, id: nextId() });
  };
  users.forEach((u, i) => {
    const k = 8 + (byte(u.username) % 8);
    for (let j = 1; j <= k; j++) addFollow(u.id, users[(i + j) % n]!.id);
    addFollow(u.id, users[0]!.id); // everyone follows the first persona (alice)
  });
  await db.insertInto('follows').values(follows).execute();
  const followersOf = new Map<string, string[]>();
  for (const f of follows) followersOf.set(f.followee_id, [...(followersOf.get(f.followee_id) ?? []), f.follower_id]);

  const repo = createPostsRepository(db);
  const plan = users.flatMap((u, i) => [0, 1, ...(i % 3 === 0 ? [2] : [])].map((p) => ({ u, i, p })));
  // Each post's time comes from its place in the plan, not from a running clock, so that the
  // minutes its comments take never add up to posts in the future; the last ends 5 minutes ago.
  const start = clock;
  const step = (now - 5 * 60_000 - start) / plan.length;
  let posts = 0;
  let videos = 0;
  for (const [index, { u, i, p }] of plan.sort((a, b) => byte(`${a.u.username}${a.p}`) - byte(`${b.u.username}${b.p}`)).entries()) {
    clock = Math.floor(start + step * (index + 1));
    const seed = `${u.username}-${p}`;
    const isVideo = p === 2 && videos < VIDEO_SOURCES.length && i % 9 === 0;
    const isAlbum = !isVideo && p === 1 && i % 4 === 0;
    const [w, h] = SHAPES[byte(seed, 1) % SHAPES.length]!;
    const items = isVideo
      ? [await storeVideo(storage, u.id, VIDEO_SOURCES[videos++]!)]
      : await Promise.all(Array.from({ length: isAlbum ? 3 : 1 }, (_, k) => storePhoto(storage, u.id, `${seed}-${k}`, w, h)));
    const friend = users[(i + 1) % n]!.username;
    const caption = `${CAPTIONS[byte(seed, 2) % CAPTIONS.length]!}${byte(seed, 3) % 4 === 0 ? ` with @${friend}` : ''}`;
    const mediaId = nextId();
    const uploadIds = items.map(() => randomToken(8));
    for (const [k, it] of items.entries()) {
      await repo.insertUpload({ upload_id: uploadIds[k]!, owner_id: u.id, kind: it.kind, status: 'ready', width: it.width, height: it.height, thumbhash: it.thumbhash, variants: it.variants, source_key: null });
    }
    const mentioned = await repo.usersByUsernames(extractMentions(caption));
    await repo.insertMedia({
      id: mediaId, owner_id: u.id, media_type: items.length > 1 ? 'sidecar' : isVideo ? 'video' : 'image', status: 'ready', caption,
      accessibility_caption: isVideo ? null : 'Hills under a wide sky', location_id: null,
      items: items.map((it) => ({ ...it, accessibility_caption: null, usertags: [] })),
      hashtags: extractHashtags(caption), mention_ids: mentioned.map((m) => m.id), upload_ids: uploadIds, created_at: new Date(clock),
    });
    posts += 1;

    const fans = (followersOf.get(u.id) ?? []).filter((_, k) => byte(`${seed}${k}`) % 3 !== 0);
    if (fans.length) {
      await db.insertInto('likes').values(fans.map((user_id) => ({ media_id: mediaId, user_id, id: nextId() }))).execute();
      await db.updateTable('media').set({ like_count: fans.length }).where('id', '=', mediaId).execute();
      await db.insertInto('events').values(fans.map((actor_id) => ({ id: nextId(), user_id: u.id, actor_id, type: 'like' as const, media_id: mediaId, created_at: new Date(clock) }))).execute();
    }
    const talkers = fans.slice(0, byte(seed, 4) % 4);
    for (const [k, user_id] of talkers.entries()) {
      clock += 60_000; // a minute apart (at most 3), still before the next post
      const commentId = nextId();
      const text = COMMENTS[byte(seed, 5 + k) % COMMENTS.length]!;
      await db.insertInto('comments').values({ id: commentId, media_id: mediaId, user_id, parent_id: null, text, created_at: new Date(clock) }).execute();
      await db.insertInto('events').values({ id: nextId(), user_id: u.id, actor_id: user_id, type: 'comment', media_id: mediaId, comment_id: commentId, text, created_at: new Date(clock) }).execute();
    }
    if (talkers.length) await db.updateTable('media').set({ comment_count: talkers.length }).where('id', '=', mediaId).execute();
    deps.progress?.(posts, plan.length, 'posts');
  }
  // Private accounts with people waiting at the door: the last few personas ask to follow them.
  const privateOnes = await db.selectFrom('users').select('id').where('is_private', '=', true).execute();
  for (const p of privateOnes) {
    const askers = users.slice(-4).filter((a) => a.id !== p.id && !pairs.has(`${a.id}:${p.id}`));
    if (!askers.length) continue;
    await db.insertInto('follow_requests').values(askers.map((a) => ({ requester_id: a.id, target_id: p.id, id: nextId() }))).execute();
    await db.insertInto('events').values(askers.map((a) => ({ id: nextId(), user_id: p.id, actor_id: a.id, type: 'follow_request' as const }))).execute();
  }
  await db.insertInto('events').values(follows.map((f) => ({ id: f.id, user_id: f.followee_id, actor_id: f.follower_id, type: 'follow' as const, created_at: new Date(now - 14 * 24 * 3600 * 1000) }))).execute();
  return { posts, follows: follows.length };
}
