import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NONCE_BYTES = 16;
const TAG_BYTES = 16;
const TOKEN_BYTES = NONCE_BYTES + TAG_BYTES;
// base64url without padding: 32 bytes are 43 characters; a masked token (mask and token) 86.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MASKED = /^[A-Za-z0-9_-]{86}$/;

/**
 * CSRF tokens that the service can tell it issued, and to whom. A token is a random nonce and an
 * HMAC of it, under the service's key, with the session cookie it was issued beside (or with no
 * session, for a visitor not logged in): one chosen elsewhere, or one planted from a sibling
 * site, fails the check, and a logged-in person's token is good only with their own session.
 * Pages carry it masked, as Django does (a fresh random mask and the token XORed with it): it
 * differs on every answer, so its compressed size tells nothing about it (BREACH).
 */
export function createCsrfTokens(key: Buffer) {
  const tagOf = (nonce: Buffer, sessionToken: string | null) =>
    createHmac('sha256', key).update(nonce).update(sessionToken === null ? 'visitor' : `session:${sessionToken}`).digest().subarray(0, TAG_BYTES);

  /** The bytes of a token (plain or masked), or null when it is not one. */
  const bytesOf = (sent: string): Buffer | null => {
    if (TOKEN.test(sent)) return Buffer.from(sent, 'base64url');
    if (!MASKED.test(sent)) return null;
    const both = Buffer.from(sent, 'base64url');
    const mask = both.subarray(0, TOKEN_BYTES);
    return Buffer.from(both.subarray(TOKEN_BYTES).map((b, i) => b ^ mask[i]!));
  };

  return {
    /** A new token for the holder of this session cookie (null: no session). */
    issue(sessionToken: string | null): string {
      const nonce = randomBytes(NONCE_BYTES);
      return Buffer.concat([nonce, tagOf(nonce, sessionToken)]).toString('base64url');
    },

    /** Whether `token` (the cookie's value) was issued by this service beside this session cookie. */
    isIssuedFor(token: string, sessionToken: string | null): boolean {
      if (!TOKEN.test(token)) return false;
      const bytes = Buffer.from(token, 'base64url');
      return timingSafeEqual(bytes.subarray(NONCE_BYTES), tagOf(bytes.subarray(0, NONCE_BYTES), sessionToken));
    },

    /** The token under a fresh random mask: another string every time, the same token inside. */
    mask(token: string): string {
      const bytes = Buffer.from(token, 'base64url');
      const mask = randomBytes(TOKEN_BYTES);
      return Buffer.concat([mask, Buffer.from(bytes.map((b, i) => b ^ mask[i]!))]).toString('base64url');
    },

    /** Whether what a request sent (the token itself, or a masked form of it) is `token`. */
    matches(sent: string, token: string): boolean {
      const bytes = bytesOf(sent);
      return bytes !== null && TOKEN.test(token) && timingSafeEqual(bytes, Buffer.from(token, 'base64url'));
    },
  };
}
export type CsrfTokens = ReturnType<typeof createCsrfTokens>;
