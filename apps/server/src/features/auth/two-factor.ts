import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH, PHONE_CODE_LENGTH, TOTP_CODE_LENGTH, TOTP_ISSUER, TRUSTED_DEVICE_TTL_MS, TWO_FACTOR_CHALLENGE_TTL_MS,
  lastFourDigits, messageText, normalizeCode, type TwoFactorInfo, type TwoFactorState,
} from '@shutter/contract';
import { failWith } from '../../platform/errors.js';
import { fieldError } from '../../platform/field-errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import type { AccountsRepository } from '../accounts/repository.js';
import type { TwoFactorRepository } from './two-factor.repository.js';
import type { TwoFactorSms } from './two-factor-sms.js';

/** One step of clock drift either way (the period is 30 seconds). */
const DRIFT_S = 30;

const codeWrong = () => failWith(400, { code: 'two_factor_code_wrong' });
const loginExpired = () => failWith(400, { code: 'two_factor_login_expired' });

// A backup code is stored salted with its account, so equal codes of two accounts differ.
const backupHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(String(randomInt(10 ** (BACKUP_CODE_LENGTH - 1), 10 ** BACKUP_CODE_LENGTH)));
  return [...codes];
}

/** An account may turn a method on when it has a password: turning it off asks for it. */
const eligible = (user: { password_hash: string }) => user.password_hash.startsWith('$argon2');

/** The step an authenticator code is good for, checked against a secret; null when it is not good. */
async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: DRIFT_S, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Two-factor authentication with an authenticator app (TOTP, RFC 6238), texted codes (`sms`, when
 * the service can send texts) and backup codes shared by both: its settings, the challenge a login
 * with the right password meets, and trusted browsers. Two-factor is on while either method is.
 */
export function createTwoFactor(repo: TwoFactorRepository, users: AccountsRepository, sms?: TwoFactorSms) {
  const smsPhone = async (userId: string) => (sms ? await sms.phone(userId) : undefined);

  async function account(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw failWith(401, { code: 'login_required' });
    return user;
  }

  async function checkPassword(userId: string, password: string) {
    const user = await account(userId);
    if (!(await verifyPassword(user.password_hash, password))) throw fieldError('password', 'password_wrong');
    return user;
  }

  /** The account a challenge's identifier belongs to, when it is live and of the named account. */
  async function challengeAccount(identifier: string, username: string): Promise<string> {
    const [userId, named] = await Promise.all([repo.challengeUser(sha256(identifier)), users.findByLogin(username)]);
    if (!userId || !named || named.id !== userId) throw loginExpired();
    return userId;
  }

  function texts(): TwoFactorSms {
    if (!sms) throw failWith(400, { code: 'two_factor_sms_off' });
    return sms;
  }

  async function freshCodes(userId: string) {
    const codes = newBackupCodes();
    return { codes, hashes: codes.map((c) => backupHash(userId, c)) };
  }

  return {
    async state(userId: string): Promise<TwoFactorState> {
      const [user, totp, phone, remaining] = await Promise.all([account(userId), repo.totp(userId), smsPhone(userId), repo.backupCodesRemaining(userId)]);
      const totpOn = Boolean(totp?.enabled_at);
      const on = totpOn || Boolean(phone);
      return {
        two_factor_enabled: on,
        ...(eligible(user) ? { totp_two_factor_enabled: totpOn } : {}),
        sms_two_factor_enabled: Boolean(phone),
        phone_number: phone?.phone_number ?? (user.phone_confirmed_at ? user.phone_number : null),
        backup_codes_remaining: on ? remaining : 0,
        status: 'ok',
      };
    },

    /** A new pending secret, replacing a pending one; refused while two-factor is on. */
    async generateKey(userId: string) {
      const user = await account(userId);
      if (!eligible(user)) throw failWith(400, { code: 'two_factor_not_eligible' });
      const secret = generateSecret();
      if (!(await repo.putPending(userId, secret))) throw failWith(400, { code: 'two_factor_already_on' });
      return { totp_seed: secret, otpauth_uri: generateURI({ issuer: TOTP_ISSUER, label: user.username, secret }) };
    },

    /** Turns the pending secret on with a code from it; answers new backup codes (shown once), or none when the account has them. */
    async enable(userId: string, typed: string): Promise<{ codes: string[]; kept: boolean }> {
      const totp = await repo.totp(userId);
      if (totp?.enabled_at) throw failWith(400, { code: 'two_factor_already_on' });
      if (!totp) throw failWith(400, { code: 'two_factor_no_pending_key' });
      const step = await totpStep(totp.secret, normalizeCode(typed), null);
      if (step === null) throw codeWrong();
      const { codes, hashes } = await freshCodes(userId);
      // Another request may have replaced the pending secret meanwhile: then this code is not its.
      const done = await repo.enable(userId, totp.secret, step, hashes);
      if (!done) throw codeWrong();
      return { codes: done.kept ? [] : codes, kept: done.kept };
    },

    /** Texted codes, set up: a code to the number (refused without a password, as the app is). */
    async sendSmsSetupCode(userId: string, phone: string) {
      if (!eligible(await account(userId))) throw failWith(400, { code: 'two_factor_not_eligible' });
      return texts().sendSetupCode(userId, phone);
    },

    /** Texted codes on with the code sent to the number; answers backup codes as the app's enable does. */
    async enableSms(userId: string, input: { phone_number: string; verification_code: string }): Promise<{ codes: string[]; kept: boolean }> {
      if (!eligible(await account(userId))) throw failWith(400, { code: 'two_factor_not_eligible' });
      const { codes, hashes } = await freshCodes(userId);
      const { kept } = await texts().enable(userId, input, hashes);
      return { codes: kept ? [] : codes, kept };
    },

    async disableSms(userId: string, password: string): Promise<void> {
      await checkPassword(userId, password);
      await texts().disable(userId);
    },

    /** A new login code for a live challenge, after the wait since the last one. */
    async sendLoginCode(identifier: string, username: string) {
      const userId = await challengeAccount(identifier, username);
      const sent = await texts().sendLoginCode(userId);
      return { resent: sent.resent, obfuscated_phone_number: sent.digits };
    },

    async disable(userId: string, password: string): Promise<void> {
      await checkPassword(userId, password);
      if (!(await repo.isEnabled(userId))) throw failWith(400, { code: 'two_factor_not_on' });
      await repo.disable(userId);
    },

    async regenerateBackupCodes(userId: string, password: string): Promise<string[]> {
      await checkPassword(userId, password);
      if (!(await repo.anyEnabled(userId))) throw failWith(400, { code: 'two_factor_not_on' });
      const { codes, hashes } = await freshCodes(userId);
      await repo.replaceBackupCodes(userId, hashes);
      return codes;
    },

    /**
     * What a login with the right password does next: nothing more (two-factor off, or a browser
     * trusted since the password changed and two-factor went on), or a challenge to answer.
     * `textCode`: with texted codes on, one goes out now (a login form's challenge; not a
     * third-party sign-in, which only asks whether there would be one).
     */
    async challengeFor(user: { id: string; username: string }, trustedToken: string | undefined, textCode = false): Promise<TwoFactorInfo | null> {
      const [totp, phone] = await Promise.all([repo.totp(user.id), smsPhone(user.id)]);
      const onSince = [totp?.enabled_at, phone?.enabled_at].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0];
      if (!onSince) return null;
      if (trustedToken) {
        const since = await repo.trustedSince(sha256(trustedToken), user.id);
        const account = since && (await users.findById(user.id));
        if (since && account && since > account.password_changed_at && since >= onSince) return null;
      }
      const identifier = randomToken();
      await repo.insertChallenge(sha256(identifier), user.id, new Date(Date.now() + TWO_FACTOR_CHALLENGE_TTL_MS));
      if (phone && textCode) await texts().textAtLogin(phone.phone_number, user.id);
      return {
        two_factor_identifier: identifier, username: user.username, totp_two_factor_on: Boolean(totp?.enabled_at),
        sms_two_factor_on: Boolean(phone), obfuscated_phone_number: phone ? lastFourDigits(phone.phone_number) : null,
      };
    },

    challengeAccount,

    /**
     * Answers a challenge with an authenticator code, the texted code or an unused backup code;
     * spends it on success.
     */
    async answer(identifier: string, userId: string, typed: string): Promise<void> {
      const code = normalizeCode(typed);
      const [totp, phone] = await Promise.all([repo.totp(userId), smsPhone(userId)]);
      const totpOn = Boolean(totp?.enabled_at);
      if (!totpOn && !phone) throw loginExpired();
      const step = totp && totpOn ? await totpStep(totp.secret, code, totp.last_step) : null;
      let accepted = step !== null && (await repo.useStep(userId, step));
      if (!accepted && phone && code.length === PHONE_CODE_LENGTH) accepted = (await texts().checkLoginCode(userId, code)) === 'accepted';
      if (!accepted && code.length === BACKUP_CODE_LENGTH) accepted = await repo.useBackupCode(userId, backupHash(userId, code));
      if (!accepted) throw codeWrong();
      if (!(await repo.useChallenge(sha256(identifier)))) throw loginExpired();
    },

    /** A browser trusted for this account: its cookie's value. */
    async trustDevice(userId: string): Promise<string> {
      const token = randomToken();
      await repo.insertTrustedDevice(sha256(token), userId, new Date(Date.now() + TRUSTED_DEVICE_TTL_MS));
      return token;
    },

    forgetTrustedDevices: repo.forgetTrustedDevices,

    requiredMessage: (info?: TwoFactorInfo) => messageText(info?.obfuscated_phone_number
      ? { code: 'two_factor_required_sms', params: { digits: info.obfuscated_phone_number } }
      : { code: 'two_factor_required' }),
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
