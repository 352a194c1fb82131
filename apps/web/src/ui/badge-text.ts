import { BADGE_OVERFLOW_AT } from '@shutter/contract';

/** Spec 002 §9: the badge shows the count, or '9+' from BADGE_OVERFLOW_AT; nothing when zero. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  if (count >= BADGE_OVERFLOW_AT) return `${BADGE_OVERFLOW_AT - 1}+`;
  return String(Math.floor(count));
}
