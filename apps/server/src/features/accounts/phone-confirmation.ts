import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_LENGTH, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_RESEND_AFTER_MS, PHONE_CODE_TTL_MS, normalizePhoneNumber,
} from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { failWith } from '../../platform/errors.js';
import { fieldError } from '../../platform/field-errors.js';
import type { Outbox } from '../../platform/outbox.js';
import { limited, type Pace } from '../../platform/rate-limits.js';
import { sha256 } from '../../platform/tokens.js';
import { createContactConfirmationRepository } from './contact-confirmation.repository.js';
import { createAccountsRepository } from './repository.js';

// Tied to the account and the number: a code is worth nothing for another account or number.
const hashCode = (userId: string, phone: string, code: string) => sha256(`${userId}:${phone}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function phoneOf(input: string): string {
  const phone = normalizePhoneNumber(input);
  if (!phone) throw fieldError('phone_number', 'phone_format');
  return phone;
}

/**
 * Confirming a phone number by a texted six-digit code: one pending code per account, which
 * expires, takes a few wrong tries, and may be replaced once a minute has passed.
 */
export function createPhoneConfirmation(db: Db, outbox: Outbox) {
  const accounts = createAccountsRepository(db);
  const codes = createContactConfirmationRepository(db);

  return {
    async sendCode(userId: string, input: string, pace: (key: string) => Promise<Pace>) {
      const phone = phoneOf(input);
      const pending = await codes.pendingPhone(userId);
      const now = Date.now();
      const waitMs = pending ? pending.sent_at.getTime() + PHONE_CODE_RESEND_AFTER_MS - now : 0;
      if (waitMs > 0) throw failWith(429, { code: 'phone_code_wait', params: { seconds: Math.ceil(waitMs / 1000) } });
      const budget = await pace(`user:${userId}`);
      if (!budget.allowed) throw limited(budget.retryInMs);
      const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
      const resent = pending?.phone_number === phone;
      await codes.putPhoneCode({
        user_id: userId, phone_number: phone, code_hash: hashCode(userId, phone, code),
        sent_at: new Date(now), expires_at: new Date(now + PHONE_CODE_TTL_MS), sends: resent ? pending.sends + 1 : 1,
      });
      await outbox.send({
        channel: 'sms', recipient: phone, subject: 'Shutter confirmation code',
        body: `${code} is your Shutter code to confirm this phone number. It expires in ${PHONE_CODE_TTL_MS / 60_000} minutes. Don't share it with anyone.`,
      });
      return { phone_number: phone, resent, resend_after_ms: PHONE_CODE_RESEND_AFTER_MS };
    },

    /** Checks the code; right, the number becomes the account's, confirmed. */
    async confirm(userId: string, input: { phone_number: string; verification_code: string }): Promise<string> {
      const code = input.verification_code.replace(/\s/g, '');
      const attempt = await codes.spendPhoneAttempt(userId, PHONE_CODE_MAX_ATTEMPTS);
      if (!attempt) {
        const pending = await codes.pendingPhone(userId);
        throw failWith(400, { code: pending ? 'phone_code_attempts' : 'phone_code_none' });
      }
      if (input.phone_number && normalizePhoneNumber(input.phone_number) !== attempt.phone_number) throw failWith(400, { code: 'phone_code_none' });
      if (attempt.expires_at.getTime() <= Date.now()) throw failWith(400, { code: 'phone_code_expired' });
      const hash = hashCode(userId, attempt.phone_number, code);
      if (!/^\d+$/.test(code) || !sameHash(hash, attempt.code_hash)) throw fieldError('verification_code', 'phone_code_wrong');
      // Taken first: of two right tries at once, one confirms.
      if (!(await codes.takePhoneCode(userId, hash))) throw failWith(400, { code: 'phone_code_none' });
      await accounts.transaction((trx) => trx.confirmPhone(userId, attempt.phone_number));
      return attempt.phone_number;
    },
  };
}
export type PhoneConfirmation = ReturnType<typeof createPhoneConfirmation>;
