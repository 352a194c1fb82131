import { postNotFound } from './errors.js';

/** A post's shortcode is its media id written in URL-safe base64 digits (most significant first). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, BigInt(i)]));
// Ids are PostgreSQL bigints: positive and below 2^63.
const MAX_ID = (1n << 63n) - 1n;

export function idToShortcode(id: string | bigint): string {
  let n = BigInt(id);
  if (n < 0n || n > MAX_ID) throw new RangeError('id out of range');
  if (n === 0n) return 'A';
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n & 63n)] + out;
    n >>= 6n;
  }
  return out;
}

/** Returns null for anything that is not the shortcode of a 64-bit id. */
export function shortcodeToId(code: string): string | null {
  if (code.length === 0 || code.length > 11) return null;
  let n = 0n;
  for (const c of code) {
    const v = VALUE.get(c);
    if (v === undefined) return null;
    n = (n << 6n) | v;
  }
  if (n > MAX_ID) return null;
  return n.toString();
}

/** The post id of a shortcode a client sent; a 404 for one that cannot be a post's. */
export function mediaIdOf(shortcode: string): string {
  const id = shortcodeToId(shortcode);
  if (!id) throw postNotFound();
  return id;
}
