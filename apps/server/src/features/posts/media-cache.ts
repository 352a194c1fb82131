import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../../platform/storage.js';
import { isFriendsOnlyKey, isProfilePictureKey, ownerOfMediaKey } from './media-keys.js';

/**
 * Private accounts' files: the viewer's browser may keep them, shared caches (proxies, CDNs) may
 * not, so an unfollow or a block is not undone by a copy a cache kept.
 */
export const PRIVATE_MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

// A privacy switch reaches the headers within this long; only shared caches care, and they see it then.
const PRIVACY_TTL_MS = 30_000;
const PRIVACY_ENTRIES_MAX = 10_000;

/** The Cache-Control of a media file: public for public accounts and profile pictures, private for private accounts and close friends' stories. */
export function createMediaCachePolicy(isPrivate: (userId: string) => Promise<boolean | undefined>) {
  const known = new Map<string, { private: boolean; at: number }>();

  async function ownerIsPrivate(ownerId: string): Promise<boolean> {
    const hit = known.get(ownerId);
    if (hit && Date.now() - hit.at < PRIVACY_TTL_MS) return hit.private;
    // An account that no longer exists keeps its files out of shared caches too.
    const value = (await isPrivate(ownerId)) ?? true;
    if (known.size >= PRIVACY_ENTRIES_MAX) known.clear();
    known.set(ownerId, { private: value, at: Date.now() });
    return value;
  }

  return async (key: string): Promise<string> => {
    if (isProfilePictureKey(key)) return IMMUTABLE_CACHE_CONTROL;
    if (isFriendsOnlyKey(key)) return PRIVATE_MEDIA_CACHE_CONTROL;
    const owner = ownerOfMediaKey(key);
    // Files from before keys named their owner: nothing says whose they are, so no shared cache keeps them.
    if (!owner) return PRIVATE_MEDIA_CACHE_CONTROL;
    return (await ownerIsPrivate(owner)) ? PRIVATE_MEDIA_CACHE_CONTROL : IMMUTABLE_CACHE_CONTROL;
  };
}
export type MediaCachePolicy = ReturnType<typeof createMediaCachePolicy>;

function mediaKeyOfUrl(url: string): string | null {
  try {
    return decodeURIComponent(url.slice('/media/'.length).split('?')[0]!);
  } catch {
    return null;
  }
}

/** Sets the Cache-Control of every `/media/` answer that has one (files, 304s), whichever storage serves them. Register before the storage's routes. */
export function registerMediaCacheControl(app: FastifyInstance, policy: MediaCachePolicy): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/media/') || !reply.hasHeader('cache-control')) return payload;
    const key = mediaKeyOfUrl(request.url);
    if (key) reply.header('cache-control', await policy(key));
    return payload;
  });
}
