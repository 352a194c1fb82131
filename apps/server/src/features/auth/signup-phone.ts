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
import { createSignupPhoneRepository } from './signup-phone.repository.js';

/** A verified code stays good for the rest of the signup this long. */
const VERIFIED_FOR_MS = 30 * 60_000;

const hashCode = (phone: string, code: string) => sha256(`signup:${phone}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const cleanCode = (code: string) => code.replace(/\s/g, '');

function phoneOf(input: string): string {
  const phone = normalizePhoneNumber(input);
  if (!phone) throw fieldError('phone_number', 'phone_format');
  return phone;
}

/**
 * Spec 000 "Phone signup": a code is requested (step enterCode), verified, and may be resent. The
 * number is proven before the account exists; the signup then uses the verified code once.
 */
export function createSignupPhone(db: Db, outbox: Outbox) {
  const codes = createSignupPhoneRepository(db);
  return {
    /** `pace` limits the texts per number, whoever asks (texts cost the operator money). */
    async sendCode(input: string, pace: (key: string) => Promise<Pace>) {
      const phone = phoneOf(input);
      const pending = await codes.pending(phone);
      const now = Date.now();
      const waitMs = pending ? pending.sent_at.getTime() + PHONE_CODE_RESEND_AFTER_MS - now : 0;
      if (waitMs > 0) throw failWith(429, { code: 'phone_code_wait', params: { seconds: Math.ceil(waitMs / 1000) } });
      const budget = await pace(`phone:${phone}`);
      if (!budget.allowed) throw limited(budget.retryInMs);
      const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
      await codes.put({ phone_number: phone, code_hash: hashCode(phone, code), sent_at: new Date(now), expires_at: new Date(now + PHONE_CODE_TTL_MS), sends: (pending?.sends ?? 0) + 1 });
      await outbox.send({
        channel: 'sms', recipient: phone, subject: 'Shutter signup code',
        body: `${code} is your Shutter code to sign up. It expires in ${PHONE_CODE_TTL_MS / 60_000} minutes. Don't share it with anyone.`,
      });
      return { phone_number: phone, resent: pending !== undefined, resend_after_ms: PHONE_CODE_RESEND_AFTER_MS };
    },

    async verify(input: string, codeInput: string): Promise<string> {
      const phone = phoneOf(input);
      const code = cleanCode(codeInput);
      const attempt = await codes.spendAttempt(phone, PHONE_CODE_MAX_ATTEMPTS);
      if (!attempt) throw failWith(400, { code: (await codes.pending(phone)) ? 'phone_code_attempts' : 'phone_code_none' });
      if (attempt.expires_at.getTime() <= Date.now() && !attempt.verified_at) throw failWith(400, { code: 'phone_code_expired' });
      const hash = hashCode(phone, code);
      if (!/^\d+$/.test(code) || !sameHash(hash, attempt.code_hash)) throw fieldError('sms_code', 'phone_code_wrong');
      if (!attempt.verified_at) await codes.markVerified(phone, hash);
      return phone;
    },

    /** The signup's own check: true once, for the number's verified code. */
    take: (phone: string, codeInput: string) => codes.take(phone, hashCode(phone, cleanCode(codeInput)), new Date(Date.now() - VERIFIED_FOR_MS)),
  };
}
export type SignupPhone = ReturnType<typeof createSignupPhone>;
