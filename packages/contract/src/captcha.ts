import { z } from 'zod';

/**
 * The proof-of-work check (ALTCHA) that slows password guessing and scripted signups: the browser
 * spends a second or two of work; a script that tries thousands of passwords spends that for each.
 */

/**
 * Failed logins from one address, or on one typed name, after which the next login asks for the
 * check. Well below LOGIN_LIMIT_PER_IP and LOGIN_LIMIT_PER_ACCOUNT, so that a person who mistypes
 * meets the check long before a lockout.
 */
export const LOGIN_CAPTCHA_AFTER_FAILURES = 3;
/** How long failed logins are remembered for the check (the same window as the per-account limit). */
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** How long a challenge may be solved and sent; a solved one is remembered as used this long. */
export const CAPTCHA_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/**
 * PBKDF2 iterations of each try. The solver tries about 256 counters on average (the key prefix
 * is one byte); at this cost a phone finishes in a second or two.
 */
export const CAPTCHA_COST = 1_000;
/** The key derivation of the challenges (the widget and altcha-lib both know it by this name). */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/** The widget's payload: base64 of the challenge and its solution (long enough for any of ours). */
export const captchaField = z.string().max(4000).optional();

/** The ALTCHA challenge as the widget takes it (`challenge` attribute, JSON). */
export interface CaptchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

/** A login refused until the proof-of-work check is solved; the same for every typed name. */
export interface LoginCaptchaRequired {
  authenticated: false;
  captcha_required: true;
  captcha_challenge: CaptchaChallenge;
  status: 'fail';
  message: string;
  /** Absent when the login was checked and failed (its message is then the usual refusal's). */
  code?: 'captcha_required' | 'captcha_invalid';
}

/** Fresh challenges per address (the widget asks for one each time it is reset). */
export const CAPTCHA_CHALLENGE_LIMIT_PER_IP = { max: 30, windowMs: 5 * 60 * 1000 };
