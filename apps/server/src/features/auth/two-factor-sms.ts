import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_LENGTH, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_RESEND_AFTER_MS, PHONE_CODE_TTL_MS, lastFourDigits, normalizePhoneNumber,
} from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { failWith } from '../../platform/errors.js';
import { fieldError } from '../../platform/field-errors.js';
import type { Outbox } from '../../platform/outbox.js';
import { limited, type Pace } from '../../platform/rate-limits.js';
import { sha256 } from '../../platform/tokens.js';
import { createAccountsRepository } from '../accounts/repository.js';
import { createTwoFactorSmsRepository, type SmsCodePurpose } from './two-factor-sms.repository.js';

// Tied to the account, the purpose and the number: a setup code does not log in, nor the reverse.
const hashCode = (userId: string, purpose: SmsCodePurpose, phone: string, code: string) => sha256(`2fa-sms:${userId}:${purpose}:${phone}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const newCode = () => String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
const isCode = (code: string) => new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code);

function phoneOf(input: string): string {
  const phone = normalizePhoneNumber(input);
  if (!phone) throw fieldError('phone_number', 'phone_format');
  return phone;
}

const TEXTS: Record<SmsCodePurpose, (code: string) => string> = {
  enable: (code) => `${code} is your Shutter code to turn on two-factor authentication. It expires in ${PHONE_CODE_TTL_MS / 60_000} minutes. Don't share it with anyone.`,
  login: (code) => `${code} is your Shutter login code. It expires in ${PHONE_CODE_TTL_MS / 60_000} minutes. Don't share it with anyone.`,
};

/** What checking a typed code against an account's login code found. */
export type SmsAnswer = 'accepted' | 'none' | 'wrong';

/**
 * Two-factor authentication by texted six-digit codes, with the phone confirmation's numbers
 * (length, life, a minute between sends, a few wrong tries). `pace` is the budget of texts per
 * account and per number (texts cost the operator money, and a number is someone's phone).
 */
export function createTwoFactorSms(db: Db, outbox: Outbox, pace: (key: string) => Promise<Pace>) {
  const repo = createTwoFactorSmsRepository(db);

  /**
   * Texts a new code of `purpose` to `phone`; answers whether it replaced one (of the same number).
   * Too soon after the last one or past the budget, it is refused ('throw') or not sent ('skip').
   */
  async function send(userId: string, purpose: SmsCodePurpose, phone: string, budget: 'throw'): Promise<{ resent: boolean }>;
  async function send(userId: string, purpose: SmsCodePurpose, phone: string, budget: 'skip'): Promise<{ resent: boolean } | null>;
  async function send(userId: string, purpose: SmsCodePurpose, phone: string, budget: 'throw' | 'skip'): Promise<{ resent: boolean } | null> {
    const pending = await repo.pendingCode(userId, purpose);
    const now = Date.now();
    const waitMs = pending ? pending.sent_at.getTime() + PHONE_CODE_RESEND_AFTER_MS - now : 0;
    if (waitMs > 0) {
      if (budget === 'skip') return null;
      throw failWith(429, { code: 'phone_code_wait', params: { seconds: Math.ceil(waitMs / 1000) } });
    }
    for (const key of [`user:${userId}`, `phone:${phone}`]) {
      const left = await pace(key);
      if (left.allowed) continue;
      if (budget === 'skip') return null;
      throw limited(left.retryInMs);
    }
    const code = newCode();
    const resent = pending?.phone_number === phone;
    await repo.putCode({
      user_id: userId, purpose, phone_number: phone, code_hash: hashCode(userId, purpose, phone, code),
      sent_at: new Date(now), expires_at: new Date(now + PHONE_CODE_TTL_MS), sends: resent ? pending.sends + 1 : 1,
    });
    await outbox.send({ channel: 'sms', recipient: phone, subject: 'Shutter security code', body: TEXTS[purpose](code) });
    return { resent };
  }

  /**
   * Spends one try of the pending code and compares; a right code is taken (used once). A code
   * past its life is refused as such, so the person knows to ask for another.
   */
  async function check(userId: string, purpose: SmsCodePurpose, code: string, phone?: string): Promise<SmsAnswer> {
    const attempt = await repo.spendAttempt(userId, purpose, PHONE_CODE_MAX_ATTEMPTS);
    if (!attempt || (phone !== undefined && attempt.phone_number !== phone)) return 'none';
    const hash = hashCode(userId, purpose, attempt.phone_number, code);
    if (!isCode(code) || !sameHash(hash, attempt.code_hash)) return 'wrong';
    if (attempt.expires_at.getTime() <= Date.now()) throw failWith(400, { code: 'phone_code_expired' });
    return (await repo.takeCode(userId, purpose, hash)) ? 'accepted' : 'none';
  }

  return {
    phone: repo.phone,

    /** Settings: a code to the number being set up. */
    async sendSetupCode(userId: string, input: string) {
      const phone = phoneOf(input);
      if (await repo.phone(userId)) throw failWith(400, { code: 'two_factor_sms_already_on' });
      const sent = await send(userId, 'enable', phone, 'throw');
      return { resent: sent.resent, last_four_digits: lastFourDigits(phone) };
    },

    /**
     * Settings: the code proves the number; texted codes go on, and the number becomes the
     * account's, confirmed. `codeHashes` are the backup codes to store if the account has none.
     */
    async enable(userId: string, input: { phone_number: string; verification_code: string }, codeHashes: string[]): Promise<{ kept: boolean }> {
      const phone = phoneOf(input.phone_number);
      if (await repo.phone(userId)) throw failWith(400, { code: 'two_factor_sms_already_on' });
      const answer = await check(userId, 'enable', input.verification_code.replace(/[\s-]/g, ''), phone);
      if (answer === 'none') {
        const pending = await repo.pendingCode(userId, 'enable');
        throw failWith(400, { code: pending?.phone_number === phone ? 'phone_code_attempts' : 'phone_code_none' });
      }
      if (answer === 'wrong') throw fieldError('verification_code', 'phone_code_wrong');
      const done = await repo.enable(userId, phone, codeHashes, (trx) => createAccountsRepository(trx).confirmPhone(userId, phone));
      if (!done) throw failWith(400, { code: 'two_factor_sms_already_on' });
      return done;
    },

    async disable(userId: string): Promise<void> {
      if (!(await repo.disable(userId))) throw failWith(400, { code: 'two_factor_sms_off' });
    },

    /** A login's code to the account's number, asked for on the challenge page. */
    async sendLoginCode(userId: string): Promise<{ resent: boolean; digits: string }> {
      const number = await repo.phone(userId);
      if (!number) throw failWith(400, { code: 'two_factor_sms_off' });
      const sent = await send(userId, 'login', number.phone_number, 'throw');
      return { resent: sent.resent, digits: lastFourDigits(number.phone_number) };
    },

    /**
     * The code a login texts with its challenge. Skipped, not refused, while the last one is
     * fresh (it still works) or the budget is spent: the person can still ask on the page.
     */
    async textAtLogin(phone: string, userId: string): Promise<void> {
      await send(userId, 'login', phone, 'skip');
    },

    /** Whether `code` is the account's login code; a right one is used up. */
    checkLoginCode: (userId: string, code: string): Promise<SmsAnswer> => check(userId, 'login', code),
  };
}
export type TwoFactorSms = ReturnType<typeof createTwoFactorSms>;
