/** Confirming an account's email (by an emailed link) and phone number (by a texted code). */

const MINUTE = 60_000;

/** New confirmation links one account may ask for. */
export const CONFIRM_EMAIL_LIMIT_PER_ACCOUNT = { max: 5, windowMs: 60 * MINUTE };
/** How long an emailed confirmation link works. */
export const CONFIRM_EMAIL_LINK_TTL_MS = 7 * 24 * 60 * MINUTE;
/** Texted codes one account may ask for. */
export const CONFIRM_PHONE_LIMIT_PER_ACCOUNT = { max: 6, windowMs: 60 * MINUTE };
/** A texted code has this many digits. */
export const PHONE_CODE_LENGTH = 6;
/** How long a texted code works. */
export const PHONE_CODE_TTL_MS = 10 * MINUTE;
/** A new code may be asked for this long after the last one. */
export const PHONE_CODE_RESEND_AFTER_MS = 60_000;
/** Wrong tries of one code before it stops working. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/**
 * A phone number as people type it (`+1 (555) 010-0199`) in the E.164 form the service keeps
 * (`+15550100199`): a country code after `+`, then 7 to 15 digits in all; null when it is not one.
 */
export function normalizePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '').replace(/^00/, '+');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

/** The outcomes of a followed confirmation link, as the page after it shows them. */
export const EMAIL_CONFIRM_RESULTS = ['confirmed', 'invalid'] as const;
export type EmailConfirmResult = (typeof EMAIL_CONFIRM_RESULTS)[number];
