import { createHmac, timingSafeEqual } from 'node:crypto';
import { APPEAL_TOKEN_TTL_MINUTES } from '@shutter/contract';

/**
 * The token a suspended person's login answers with: it lets them read their strikes and appeal
 * without a session (they cannot have one). Signed with a server key, short-lived, good for that
 * account only.
 */
export function createAppealTokens(key: Buffer, now = () => Date.now()) {
  const sign = (body: string) => createHmac('sha256', key).update(`appeal:${body}`).digest('base64url');
  return {
    issue(userId: string): string {
      const body = `${userId}.${now() + APPEAL_TOKEN_TTL_MINUTES * 60_000}`;
      return `${body}.${sign(body)}`;
    },

    /** The account the token is for, or null when it is forged, malformed or expired. */
    verify(token: string): string | null {
      const parts = token.split('.');
      if (parts.length !== 3 || !/^\d{1,20}$/.test(parts[0]!) || !/^\d{1,15}$/.test(parts[1]!)) return null;
      const body = `${parts[0]}.${parts[1]}`;
      const want = Buffer.from(sign(body));
      const got = Buffer.from(parts[2]!);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      return Number(parts[1]) > now() ? parts[0]! : null;
    },
  };
}
export type AppealTokens = ReturnType<typeof createAppealTokens>;
