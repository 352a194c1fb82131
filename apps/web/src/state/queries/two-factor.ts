import type { QueryClient } from '@tanstack/react-query';
import type { TwoFactorInfo, TwoFactorState } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { readItem, removeItem, writeItem } from '../../lib/storage';

/** The two-factor resource: its settings page, turning it on and off, and the login's second step. */

export const TWO_FACTOR_PATH = '/accounts/two_factor_authentication/';

export const useTwoFactorState = () => usePageData<TwoFactorState>(TWO_FACTOR_PATH, { result: (r) => r.pageData['two-factor'] });

/** A new pending secret: its base32 seed and the otpauth URI of its QR code. */
export const generateTotpKey = () => apiPost(`${TWO_FACTOR_PATH}totp/generate_key/`, {}, { result: (r) => r.totpKeyGenerated });

const setState = (client: QueryClient, change: Partial<TwoFactorState>) =>
  client.setQueryData<TwoFactorState>(pageDataKey(TWO_FACTOR_PATH), (data) => data && { ...data, ...change });

/** Turns two-factor on with a code from the pending secret; answers the backup codes (shown once). */
export async function enableTotp(client: QueryClient, code: string): Promise<string[]> {
  const { backup_codes } = await apiPost(`${TWO_FACTOR_PATH}totp/enable/`, { verification_code: code }, { result: (r) => r.backupCodes });
  setState(client, { two_factor_enabled: true, totp_two_factor_enabled: true, backup_codes_remaining: backup_codes.length });
  return backup_codes;
}

export async function disableTotp(client: QueryClient, password: string): Promise<void> {
  await apiPost(`${TWO_FACTOR_PATH}totp/disable/`, { password }, { result: (r) => r.ok });
  setState(client, { two_factor_enabled: false, totp_two_factor_enabled: false, backup_codes_remaining: 0 });
}

export async function regenerateBackupCodes(client: QueryClient, password: string): Promise<string[]> {
  const { backup_codes } = await apiPost(`${TWO_FACTOR_PATH}backup_codes/regenerate/`, { password }, { result: (r) => r.backupCodes });
  setState(client, { backup_codes_remaining: backup_codes.length });
  return backup_codes;
}

/** The second step of a login: an authenticator code or a backup code for the challenge's identifier. */
export const logInTwoFactor = (fields: { username: string; identifier: string; verificationCode: string; trustSignin: boolean }) =>
  apiPost('/accounts/login/ajax/two_factor/', {
    username: fields.username, identifier: fields.identifier, verificationCode: fields.verificationCode, trust_signin: fields.trustSignin ? '1' : '0',
  }, { result: (r) => r.twoFactorLoginSucceeded });

/** The pending challenge, kept for this tab so that a reload of the challenge page still has it. */
const CHALLENGE_KEY = 'shutter.two-factor-challenge';

export interface PendingChallenge {
  identifier: string;
  username: string;
}

export function keepChallenge(info: TwoFactorInfo): void {
  const pending: PendingChallenge = { identifier: info.two_factor_identifier, username: info.username };
  writeItem(CHALLENGE_KEY, JSON.stringify(pending), 'sessionStorage');
}

export function pendingChallenge(): PendingChallenge | null {
  try {
    const value = JSON.parse(readItem(CHALLENGE_KEY, 'sessionStorage') ?? 'null') as Partial<PendingChallenge> | null;
    return value && typeof value.identifier === 'string' && typeof value.username === 'string' ? { identifier: value.identifier, username: value.username } : null;
  } catch {
    return null;
  }
}

export const forgetChallenge = () => removeItem(CHALLENGE_KEY, 'sessionStorage');

export const TWO_FACTOR_LOGIN_PATH = '/accounts/login/two_factor/';
