import { randomToken } from '../../platform/tokens.js';

/**
 * Where a post's files live: `p/{ownerId}/{token}/…` for photos, `v/{ownerId}/{token}/…` for
 * videos, `f/{ownerId}/{token}/…` for what only the owner's close friends may see. The token keeps
 * the 72 random bits that make a key unguessable; the owner's id lets the service tell whose file
 * it is serving without a lookup by key.
 */
export const mediaKeyBase = (kind: 'p' | 'v' | 'f', ownerId: string): string => `${kind}/${ownerId}/${randomToken(9)}`;

const OWNED_KEY = /^[pvf]\/(\d{1,20})\/[A-Za-z0-9_-]+\//;

/** The owner a post file's key names, or null for keys laid out before owners were in them. */
export const ownerOfMediaKey = (key: string): string | null => OWNED_KEY.exec(key)?.[1] ?? null;

/** Profile pictures, shown to everyone whatever the account's privacy. */
export const isProfilePictureKey = (key: string): boolean => key.startsWith('avatars/');

/** Files only the owner's close friends may see, whatever the account's privacy. */
export const isFriendsOnlyKey = (key: string): boolean => key.startsWith('f/');
