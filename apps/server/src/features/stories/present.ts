import type { StoryAudience, StorySticker } from '@shutter/contract';
import type { StoryItemResult, UserSummaryResult } from '@shutter/contract/results';
import type { MediaFiles } from '../../db/schema.js';
import type { Storage } from '../../platform/storage.js';

/** A story as stored, with what its stickers name (resolved by the caller in one batch). */
export interface StoryRow extends MediaFiles {
  id: string;
  owner_id: string;
  kind: 'image' | 'video';
  audience: StoryAudience;
  stickers: unknown[];
  taken_at: Date;
  expiring_at: Date;
}

export interface StickerNames {
  users: Map<string, { id: string; username: string }>;
  places: Map<string, { id: string; name: string }>;
}

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The stickers the viewer may follow: a mention of someone who no longer exists (or is hidden) is dropped. */
function tappable(stickers: unknown[], names: StickerNames): StoryItemResult['tappable_objects'] {
  const out: StoryItemResult['tappable_objects'] = [];
  for (const raw of stickers as StorySticker[]) {
    const at = { type: raw.type, x: raw.x, y: raw.y, width: raw.width, height: raw.height, rotation: raw.rotation ?? 0 };
    if (raw.type === 'mention') {
      const user = names.users.get(raw.user_id);
      if (user) out.push({ ...at, user });
    } else if (raw.type === 'hashtag') out.push({ ...at, hashtag: { name: raw.name.replace(/^#/, '').toLowerCase() } });
    else if (raw.type === 'location') {
      const place = names.places.get(raw.location_id);
      if (place) out.push({ ...at, location: place });
    } else if (raw.type === 'time') out.push({ ...at, text: raw.text });
    else out.push({ ...at, text: raw.emoji });
  }
  return out;
}

/**
 * A story item as every answer shows it. The viewer count and list are the owner's alone: the
 * caller passes them only for the owner.
 */
export function presentStoryItem(
  row: StoryRow,
  owner: UserSummaryResult,
  storage: Storage,
  names: StickerNames,
  ownerOnly: { viewCount: number; viewers: StoryItemResult['edge_story_media_viewers'] } | null = null,
): StoryItemResult {
  const display = [...row.variants].sort((a, b) => a.width - b.width).map((v) => ({ src: storage.url(v.key), config_width: v.width, config_height: v.height }));
  const isVideo = row.kind === 'video';
  return {
    __typename: isVideo ? 'GraphStoryVideo' : 'GraphStoryImage',
    id: row.id,
    owner,
    is_video: isVideo,
    display_url: display[display.length - 1]?.src ?? (row.poster_key ? storage.url(row.poster_key) : ''),
    display_resources: display,
    video_resources: isVideo && row.video_key
      ? [{ src: storage.url(row.video_key), config_width: row.width, config_height: row.height, mime_type: 'video/mp4' }]
      : [],
    video_duration: isVideo && row.duration_ms !== null ? row.duration_ms / 1000 : null,
    thumbhash: row.thumbhash,
    taken_at_timestamp: seconds(row.taken_at),
    expiring_at_timestamp: seconds(row.expiring_at),
    audience: row.audience,
    tappable_objects: tappable(row.stickers, names),
    story_view_count: ownerOnly ? ownerOnly.viewCount : null,
    edge_story_media_viewers: ownerOnly ? ownerOnly.viewers : null,
  };
}
