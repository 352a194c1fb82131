import type { StorySticker } from '@shutter/contract';
import { failWith, HttpError } from '../../platform/errors.js';
import type { Access } from '../access/service.js';
import type { Places } from '../places/service.js';
import type { StoriesRepository } from './repository.js';

/** What a story's stickers name, checked: the people it mentions, its hashtags and its place. */
export interface StickerLinks {
  mentionIds: string[];
  hashtags: string[];
  locationId: string | null;
}

/**
 * Checks what the stickers name: each mentioned person exists and no block stands between them
 * and the poster (either way: the answer does not tell which), and a location sticker names an
 * existing place. A story has at most one place: the first location sticker's.
 */
export async function checkStickers(
  ownerId: string,
  stickers: StorySticker[],
  deps: { repo: Pick<StoriesRepository, 'existingUsers'>; access: Pick<Access, 'blockedAmong'>; places: Pick<Places, 'forPost'> },
): Promise<StickerLinks> {
  const mentionIds = [...new Set(stickers.flatMap((s) => (s.type === 'mention' ? [s.user_id] : [])))];
  const [existing, blocked] = await Promise.all([deps.repo.existingUsers(mentionIds), deps.access.blockedAmong(ownerId, mentionIds)]);
  if (mentionIds.some((id) => !existing.has(id) || blocked.has(id))) throw failWith(400, { code: 'story_mention_unavailable' });

  const hashtags = [...new Set(stickers.flatMap((s) => (s.type === 'hashtag' ? [s.name.replace(/^#/, '').toLowerCase()] : [])))];
  const place = stickers.find((s) => s.type === 'location');
  let locationId: string | null = null;
  if (place) {
    try {
      locationId = await deps.places.forPost(ownerId, { id: place.location_id });
    } catch (err) {
      if (err instanceof HttpError) throw failWith(400, { code: 'story_place_not_found' });
      throw err;
    }
  }
  return { mentionIds: mentionIds.filter((id) => id !== ownerId), hashtags, locationId };
}
