/**
 * Two-factor authentication with an authenticator app (TOTP, RFC 6238) and backup codes: its
 * numbers and shapes, without zod (the web client's runtime part of the contract); the request
 * bodies are in two-factor-bodies.ts.
 */

/** Digits of an authenticator code (what apps show by default). */
export const TOTP_CODE_LENGTH = 6;
/** Backup codes given at once, and the digits of each. */
export const BACKUP_CODE_COUNT = 5;
export const BACKUP_CODE_LENGTH = 8;
/** The issuer shown in authenticator apps (the otpauth URI's label prefix and `issuer`). */
export const TOTP_ISSUER = 'Shutter';
/** How long the identifier of a login waiting for its second factor is good for. */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** How long a browser trusted at a two-factor login skips the challenge. */
export const TRUSTED_DEVICE_TTL_MS = 30 * 24 * 3600 * 1000;

/** What the login answer says of a pending second step. */
export interface TwoFactorInfo {
  two_factor_identifier: string;
  username: string;
  totp_two_factor_on: boolean;
  sms_two_factor_on: boolean;
  obfuscated_phone_number: string | null;
}

/** A password accepted, the second step pending: no session yet. */
export interface LoginTwoFactorRequired {
  authenticated: false;
  two_factor_required: true;
  two_factor_info: TwoFactorInfo;
  status: 'fail';
  message: string;
}

/**
 * The settings page's state. `totp_two_factor_enabled` is present only for an account that may use
 * an app. `phone_number` is the number texted codes go to, or (while they are off) the account's
 * confirmed number, to offer it.
 */
export interface TwoFactorState {
  two_factor_enabled: boolean;
  totp_two_factor_enabled?: boolean;
  sms_two_factor_enabled: boolean;
  phone_number: string | null;
  backup_codes_remaining: number;
  status: 'ok';
}

/** A code as typed, without the spaces and dashes people group codes with. */
export const normalizeCode = (typed: string) => typed.replace(/[\s-]/g, '');
