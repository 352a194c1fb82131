/**
 * One-tap login: a browser that saved an account's login info continues as that account after a
 * logout with one click ("Continue as @name"), without the password.
 */

/** The browser's saved logins: httpOnly, a year; the service keeps only their hashes. */
export const ONE_TAP_COOKIE = 'one_tap';
export const ONE_TAP_TTL_MS = 365 * 24 * 3600 * 1000;
/** A browser remembers this many accounts at most; the oldest goes when another is saved. */
export const ONE_TAP_ACCOUNTS_MAX = 5;
/** The upsell ("Save your login info?") shown after a login, before the page the person was going to. */
export const ONE_TAP_UPSELL_PATH = '/accounts/onetap/';
/** The prompts after a signup (a profile photo, people to follow); `/{step}/` optional. */
export const REGISTRATION_INTERSTITIAL_PATH = '/accounts/registered/';
export const REGISTRATION_STEPS = 2;

/** The upsell's address for a login that was going to `next`. */
export const oneTapUpsellPath = (next: string) => `${ONE_TAP_UPSELL_PATH}?${new URLSearchParams({ next }).toString()}`;

/** The interstitial's step from its path segment: missing or out of range is step 1. */
export function registrationStep(segment: string | undefined): number {
  const step = segment && /^\d{1,3}$/.test(segment) ? Number(segment) : 1;
  return step >= 1 && step <= REGISTRATION_STEPS ? step : 1;
}

/** An account this browser may continue as, in the landing data. */
export interface OneTapAccount {
  user_id: string;
  username: string;
  profile_pic_url: string;
  login_nonce: string;
}

/** The upsell's page data: whether this browser already holds a saved login for the viewer. */
export interface OneTapUpsellData {
  one_tap_saved: boolean;
  status: 'ok';
}
