/**
 * Stories: how long they live, their size, the viewer's paces, the ring's geometry, reel ids and
 * the sticker types (their schema is in story-stickers.ts). The answers' schemas are in results/stories.ts; the
 * editor's constants in story-creation.ts.
 */

/** A story leaves every tray and reel this long after it was posted (`expiring_at_timestamp`). */
export const STORY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Our choice: an expired story stays in its owner's archive (/archive/stories/) this long, to be
 * gathered into a highlight; then the purge removes it and its files, unless a highlight keeps it.
 */
export const STORY_ARCHIVE_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** Story images are 9:16, cropped or padded with a blurred fill of the photo. */
export const STORY_WIDTH = 1080;
export const STORY_HEIGHT = 1920;
/** The widths a story image is stored in (each 9:16). */
export const STORY_IMAGE_WIDTHS = [1080, 720, 480] as const;
/** A story video is at most this long. */
export const STORY_VIDEO_MAX_SEC = 60;
/** A photo shows this long in the viewer; a video for its length. */
export const STORY_PHOTO_DURATION_MS = 5000;

/** Spec 002 §9: reels media load in batches of 15, the next batch when 15 reels remain ahead. */
export const REEL_BATCH_SIZE = 15;
export const REEL_FETCH_DISTANCE = 15;
/** Spec 002 §9: a page of a story's viewers. */
export const STORY_VIEWERS_PAGE = 50;
/** Our choice: a hashtag's or a place's reel shows its newest public live stories, at most this many. */
export const PUBLIC_REEL_ITEMS_MAX = 50;
/** Our choice: items marked seen per person; quick tapping through reels stays far below it. */
export const STORY_SEEN_LIMIT = { max: 1000, windowMs: 10 * 60 * 1000 };
/** Our choice: reels the tray lists at once (the viewer's own first, then unseen, then seen). */
export const STORY_TRAY_MAX = 100;

/** Our choice: the close-friends list's length. */
export const CLOSE_FRIENDS_MAX = 1000;
/** Our choice: a highlight's title, its stories, and one account's highlights. */
export const HIGHLIGHT_TITLE_MAX_LENGTH = 30;
export const HIGHLIGHT_ITEMS_MAX = 100;
export const HIGHLIGHTS_PER_ACCOUNT_MAX = 100;
/** Our choice: a page of the story archive, and of the close-friends list. */
export const STORY_ARCHIVE_PAGE = 30;
export const CLOSE_FRIENDS_PAGE = 50;

/** Spec 002 §9: the ring. */
export const STORY_RING_SEGMENTS = 30;
/** The ring's size bands (avatar size up to 56, up to 84, up to 118, larger) with their line width and padding. */
export const STORY_RING_BANDS = [
  { upTo: 56, lineWidth: 1, padding: 2 },
  { upTo: 84, lineWidth: 2, padding: 3 },
  { upTo: 118, lineWidth: 3, padding: 4 },
  { upTo: Infinity, lineWidth: 3, padding: 5 },
] as const;
export function storyRingGeometry(avatarSize: number): { lineWidth: number; padding: number } {
  const band = STORY_RING_BANDS.find((b) => avatarSize <= b.upTo)!;
  return { lineWidth: band.lineWidth, padding: band.padding };
}
/** Spec 002 §9: the avatar inside a ring (feed headers, lists): 44 on a phone, 32 on a desktop. */
export const STORY_RING_AVATAR_MOBILE = 44;
export const STORY_RING_AVATAR_DESKTOP = 32;

/**
 * Reel ids. A person's reel is their user id; the others carry a prefix, so that one list of
 * reels (the viewer's batches, the URL) names each kind without ambiguity.
 */
export const HIGHLIGHT_REEL_PREFIX = 'highlight:';
export const TAG_REEL_PREFIX = 'tag:';
export const LOCATION_REEL_PREFIX = 'loc:';
export type ReelRef =
  | { kind: 'user'; id: string }
  | { kind: 'highlight'; id: string }
  | { kind: 'tag'; name: string }
  | { kind: 'location'; id: string };
const numeric = /^\d{1,20}$/;
export function reelIdOf(ref: ReelRef): string {
  switch (ref.kind) {
    case 'user': return ref.id;
    case 'highlight': return `${HIGHLIGHT_REEL_PREFIX}${ref.id}`;
    case 'tag': return `${TAG_REEL_PREFIX}${ref.name}`;
    case 'location': return `${LOCATION_REEL_PREFIX}${ref.id}`;
  }
}
export function parseReelId(reelId: string): ReelRef | null {
  if (numeric.test(reelId)) return { kind: 'user', id: reelId };
  if (reelId.startsWith(HIGHLIGHT_REEL_PREFIX) && numeric.test(reelId.slice(HIGHLIGHT_REEL_PREFIX.length))) return { kind: 'highlight', id: reelId.slice(HIGHLIGHT_REEL_PREFIX.length) };
  if (reelId.startsWith(LOCATION_REEL_PREFIX) && numeric.test(reelId.slice(LOCATION_REEL_PREFIX.length))) return { kind: 'location', id: reelId.slice(LOCATION_REEL_PREFIX.length) };
  if (reelId.startsWith(TAG_REEL_PREFIX) && /^[\p{L}\p{N}_]{1,100}$/u.test(reelId.slice(TAG_REEL_PREFIX.length))) return { kind: 'tag', name: reelId.slice(TAG_REEL_PREFIX.length).toLowerCase() };
  return null;
}
/** Spec 002 §5: /stories/launch_reels/?reel_ids= takes numeric ids only (comma-separated). */
export function parseLaunchReelIds(value: string | null): string[] | null {
  if (!value) return null;
  const ids = value.split(',');
  return ids.length > 0 && ids.every((id) => numeric.test(id)) ? ids : null;
}

/** Who sees a story: everyone who may see its owner's content, or only the owner's close friends. */
export const STORY_AUDIENCES = ['everyone', 'besties'] as const;
export type StoryAudience = (typeof STORY_AUDIENCES)[number];

/** Our choice: stickers on one story, and mentions among them. */
export const STORY_STICKERS_MAX = 20;
export const STORY_MENTIONS_MAX = 10;
export const STORY_STICKER_TYPES = ['mention', 'hashtag', 'location', 'time', 'emoji'] as const;
export type StoryStickerType = (typeof STORY_STICKER_TYPES)[number];
