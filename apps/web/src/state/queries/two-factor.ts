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

/** A method just turned on: new backup codes (shown once), or none when the account kept its own. */
export interface MethodEnabled {
  codes: string[];
  kept: boolean;
}

/** Turns the authentication app on with a code from the pending secret. */
export async function enableTotp(client: QueryClient, code: string): Promise<MethodEnabled> {
  const { backup_codes, backup_codes_kept } = await apiPost(`${TWO_FACTOR_PATH}totp/enable/`, { verification_code: code }, { result: (r) => r.twoFactorEnabled });
  setState(client, { two_factor_enabled: true, totp_two_factor_enabled: true, ...(backup_codes_kept ? {} : { backup_codes_remaining: backup_codes.length }) });
  return { codes: backup_codes, kept: backup_codes_kept };
}

/** Turning a method off: the settings are read again (whether two-factor stays on depends on the other). */
export async function disableTotp(client: QueryClient, password: string): Promise<void> {
  await apiPost(`${TWO_FACTOR_PATH}totp/disable/`, { password }, { result: (r) => r.ok });
  await client.invalidateQueries({ queryKey: pageDataKey(TWO_FACTOR_PATH) });
}

/** Texts a code to the number being set up for login codes. */
export const sendSmsSetupCode = (phoneNumber: string) =>
  apiPost(`${TWO_FACTOR_PATH}sms/send_code/`, { phone_number: phoneNumber }, { result: (r) => r.smsTwoFactorCodeSent });

/** Turns texted codes on with the code sent to the number. */
export async function enableSms(client: QueryClient, phoneNumber: string, code: string): Promise<MethodEnabled> {
  const { backup_codes, backup_codes_kept } = await apiPost(`${TWO_FACTOR_PATH}sms/enable/`, { phone_number: phoneNumber, verification_code: code }, { result: (r) => r.twoFactorEnabled });
  await client.invalidateQueries({ queryKey: pageDataKey(TWO_FACTOR_PATH) });
  return { codes: backup_codes, kept: backup_codes_kept };
}

export async function disableSms(client: QueryClient, password: string): Promise<void> {
  await apiPost(`${TWO_FACTOR_PATH}sms/disable/`, { password }, { result: (r) => r.ok });
  await client.invalidateQueries({ queryKey: pageDataKey(TWO_FACTOR_PATH) });
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

/** A new texted code for the pending login (the login itself texted the first). */
export const sendLoginCode = (challenge: { username: string; identifier: string }) =>
  apiPost('/accounts/login/ajax/two_factor/send_code/', { username: challenge.username, identifier: challenge.identifier }, { result: (r) => r.twoFactorLoginCodeSent });

/** The pending challenge, kept for this tab so that a reload of the challenge page still has it. */
const CHALLENGE_KEY = 'shutter.two-factor-challenge';

export interface PendingChallenge {
  identifier: string;
  username: string;
  /** The last four digits of the number the login's codes are texted to; null without texted codes. */
  smsDigits: string | null;
  totpOn: boolean;
}

export function keepChallenge(info: TwoFactorInfo): void {
  const pending: PendingChallenge = {
    identifier: info.two_factor_identifier, username: info.username,
    smsDigits: info.sms_two_factor_on ? info.obfuscated_phone_number : null, totpOn: info.totp_two_factor_on,
  };
  writeItem(CHALLENGE_KEY, JSON.stringify(pending), 'sessionStorage');
}

export function pendingChallenge(): PendingChallenge | null {
  try {
    const value = JSON.parse(readItem(CHALLENGE_KEY, 'sessionStorage') ?? 'null') as Partial<PendingChallenge> | null;
    if (!value || typeof value.identifier !== 'string' || typeof value.username !== 'string') return null;
    return {
      identifier: value.identifier, username: value.username,
      smsDigits: typeof value.smsDigits === 'string' ? value.smsDigits : null, totpOn: value.totpOn !== false,
    };
  } catch {
    return null;
  }
}

export const forgetChallenge = () => removeItem(CHALLENGE_KEY, 'sessionStorage');

export const TWO_FACTOR_LOGIN_PATH = '/accounts/login/two_factor/';
