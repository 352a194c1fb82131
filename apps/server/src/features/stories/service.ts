import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STORY_TTL_MS, STORY_VIDEO_MAX_SEC, type StoryAudience, type StorySticker } from '@shutter/contract';
import type { StoryItemResult } from '@shutter/contract/results';
import type { ImageVariant } from '../../db/schema.js';
import { failWith } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import { probeVideo, type ProcessedImage } from '../../platform/media/index.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import { randomToken } from '../../platform/tokens.js';
import type { Access } from '../access/service.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Activity } from '../activity/service.js';
import type { Places } from '../places/service.js';
import { mediaKeyBase } from '../posts/media-keys.js';
import type { Uploads } from '../posts/uploads.js';
import { composeStory } from './compose.js';
import { presentStoryItem, type StoryRow } from './present.js';
import { storyFiles, type NewStory, type ReadyVideo, type StoriesRepository, type StoryDbRow } from './repository.js';
import { checkStickers } from './stickers.js';

export interface StoryInput {
  uploadId: string;
  audience: StoryAudience;
  stickers: StorySticker[];
}

type UploadRow = NonNullable<Awaited<ReturnType<Uploads['find']>>>;

// A clip cut at 60 s often probes a few hundredths longer; half a second is no one's extra content.
const DURATION_SLACK_SEC = 0.5;

export interface StoriesDeps {
  repo: StoriesRepository;
  uploads: Pick<Uploads, 'find'>;
  storage: Storage;
  nextId: IdGenerator;
  access: Pick<Access, 'blockedAmong'>;
  places: Pick<Places, 'forPost' | 'names'>;
  activity: Pick<Activity, 'record'>;
  userSummaries: Pick<UserSummaries, 'many'>;
  /** Told when a story becomes live, whoever made it so (a request, or the end of an encoding). */
  published?: (ownerId: string) => Promise<void>;
  /** The clock (tests and the demo world set it). */
  now?: () => number;
}

/**
 * Posting stories: an upload of the account becomes a 9:16 story with its own files (a photo
 * composed here, a video's encoding taken when it ends), live for STORY_TTL_MS; its stickers'
 * mentions notify. The owner may delete it.
 */
export function createStories(deps: StoriesDeps) {
  const { repo, storage } = deps;
  const now = deps.now ?? Date.now;

  async function readFile(key: string): Promise<Buffer> {
    return fs.readFile(await storage.localPath(key));
  }

  // A close friends' story has keys of its own, so that no shared cache keeps its files.
  const keyBase = (kind: 'p' | 'v', audience: StoryAudience, ownerId: string) => mediaKeyBase(audience === 'besties' ? 'f' : kind, ownerId);

  async function storeComposed(composed: ProcessedImage, base: string): Promise<ImageVariant[]> {
    const variants = composed.variants.map((v) => ({ width: v.width, height: v.height, key: `${base}/${v.width}.jpg` }));
    await Promise.all(composed.variants.map((v, i) => storage.put(variants[i]!.key, v.data)));
    return variants;
  }

  /** A copy of a file under a key of the story's, so that the upload's purge never takes it away. */
  async function copyFile(fromKey: string, toKey: string): Promise<void> {
    const tmp = path.join(os.tmpdir(), `shutter-story-${randomToken(9)}`);
    await fs.copyFile(await storage.localPath(fromKey), tmp);
    await storage.putFile(toKey, tmp);
  }

  /** The encoded video's files, copied as the story's own, with a 9:16 poster. */
  async function takeVideo(upload: UploadRow, audience: StoryAudience): Promise<ReadyVideo> {
    const base = keyBase('v', audience, upload.owner_id);
    const composed = await composeStory(await readFile(upload.poster_key!));
    const [variants] = await Promise.all([storeComposed(composed, base), copyFile(upload.video_key!, `${base}/video.mp4`)]);
    return {
      width: upload.width, height: upload.height, thumbhash: composed.thumbhash, variants,
      video_key: `${base}/video.mp4`, poster_key: variants[0]!.key, duration_ms: upload.duration_ms ?? 0,
    };
  }

  async function videoSeconds(upload: UploadRow): Promise<number> {
    if (upload.duration_ms !== null) return upload.duration_ms / 1000;
    if (!upload.source_key) return 0;
    return (await probeVideo(await storage.localPath(upload.source_key))).durationSec;
  }
  const tooLong = (seconds: number) => seconds > STORY_VIDEO_MAX_SEC + DURATION_SLACK_SEC;

  async function removeFiles(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((k) => storage.remove(k)));
  }

  /** The story as its owner sees it in answers to their own actions. */
  async function present(row: StoryDbRow): Promise<StoryItemResult> {
    const stickers = row.stickers as StorySticker[];
    const mentionIds = stickers.flatMap((s) => (s.type === 'mention' ? [s.user_id] : []));
    const placeIds = stickers.flatMap((s) => (s.type === 'location' ? [s.location_id] : []));
    const [users, places, views] = await Promise.all([deps.userSummaries.many([row.owner_id, ...mentionIds]), deps.places.names(placeIds), repo.viewCount(row.id)]);
    const owner = users.get(row.owner_id)!;
    const names = {
      users: new Map(mentionIds.flatMap((id) => { const u = users.get(id); return u ? [[id, { id, username: u.username }] as const] : []; })),
      places: new Map([...places].map(([id, p]) => [id, { id, name: p.name }])),
    };
    return presentStoryItem(row as StoryRow, presentUserSummary(owner, storage), storage, names, { viewCount: views, viewers: null });
  }

  async function configure(ownerId: string, input: StoryInput): Promise<StoryItemResult> {
    const upload = await deps.uploads.find(ownerId, input.uploadId);
    if (!upload) throw failWith(404, { code: 'story_upload_not_found' });
    // The same upload again answers the story it made (the client may retry).
    const made = await repo.findByUpload(ownerId, input.uploadId);
    if (made) return present(made);
    if (upload.status === 'failed') throw failWith(400, { code: 'story_upload_failed' });
    if (upload.kind === 'video' && tooLong(await videoSeconds(upload))) {
      throw failWith(400, { code: 'story_video_too_long', params: { max: STORY_VIDEO_MAX_SEC } });
    }
    const links = await checkStickers(ownerId, input.stickers, { repo, access: deps.access, places: deps.places });

    const takenAt = new Date(now());
    const story: NewStory = {
      id: deps.nextId(), owner_id: ownerId, kind: upload.kind, status: 'ready', audience: input.audience, upload_id: input.uploadId,
      width: upload.width, height: upload.height, thumbhash: null, variants: [], video_key: null, poster_key: null, duration_ms: null,
      stickers: input.stickers, location_id: links.locationId, taken_at: takenAt, expiring_at: new Date(takenAt.getTime() + STORY_TTL_MS),
      hashtags: links.hashtags, mention_ids: links.mentionIds,
    };
    if (upload.kind === 'image') {
      const composed = await composeStory(await readFile(upload.frame_key ?? largestVariant(upload.variants).key));
      Object.assign(story, { width: composed.width, height: composed.height, thumbhash: composed.thumbhash, variants: await storeComposed(composed, keyBase('p', input.audience, ownerId)) });
    } else if (upload.status === 'ready') {
      Object.assign(story, await takeVideo(upload, input.audience));
    } else {
      story.status = 'processing';
    }
    if (!(await repo.insert(story))) {
      // Another configure of this upload came first: its story is the answer, these files are not needed.
      await removeFiles(storyFiles(story));
      return present((await repo.findByUpload(ownerId, input.uploadId))!);
    }
    if (story.status === 'processing') {
      // The encoding may have ended between the read above and the insert: then no one else finishes it.
      const again = await deps.uploads.find(ownerId, input.uploadId);
      if (again && again.status !== 'processing') await uploadEncoded(again);
    } else {
      await deps.published?.(ownerId);
    }
    await deps.activity.record(links.mentionIds.map((userId) => ({ userId, actorId: ownerId, type: 'story_mention' as const, storyId: story.id })));
    return present((await repo.findOwned(ownerId, story.id))!);
  }

  /** The encoding of an upload ended: the stories waiting for it take its files, or fail with it. */
  async function uploadEncoded(upload: UploadRow): Promise<void> {
    if (upload.kind !== 'video') return;
    const waiting = await repo.processingOfUpload(upload.owner_id, upload.upload_id);
    for (const { id, audience } of waiting) {
      if (upload.status !== 'ready' || tooLong(upload.duration_ms! / 1000)) {
        await repo.fail(id);
        continue;
      }
      const done = await takeVideo(upload, audience);
      if (await repo.finishVideo(id, done)) await deps.published?.(upload.owner_id);
      else await removeFiles(storyFiles(done));
    }
  }

  return {
    configure,
    uploadEncoded,
    present,

    async remove(ownerId: string, storyId: string): Promise<void> {
      const files = await repo.delete(ownerId, storyId);
      if (!files) throw failWith(404, { code: 'story_not_found' });
      // The row is gone (committed); the files follow, and a failure here only leaves garbage.
      await removeFiles(files);
    },
  };
}
export type Stories = ReturnType<typeof createStories>;

const largestVariant = (variants: ImageVariant[]) => variants.reduce((a, b) => (b.width > a.width ? b : a));
