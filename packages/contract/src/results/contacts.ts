import { z } from 'zod';
import { EMAIL_CONFIRM_RESULTS } from '../contacts.js';

const ok = z.literal('ok');

/** What following a confirmation link did (asked with ?__a=1 instead of the browser's redirect). */
export const emailConfirmResult = z.object({ result: z.enum(EMAIL_CONFIRM_RESULTS), status: ok }).meta({ id: 'EmailConfirmResult' });

/** A new confirmation link was sent to the account's email. */
export const confirmEmailSent = z.object({
  /** The address it went to, as the account has it. */
  email: z.string(),
  message: z.string(),
  status: ok,
}).meta({ id: 'ConfirmEmailSent' });

/** A texted code is on its way; `resent` when it replaces one sent to the same number. */
export const confirmPhoneSent = z.object({
  phone_number: z.string(),
  resent: z.boolean(),
  /** Milliseconds before another code may be asked for. */
  resend_after_ms: z.number().int().nonnegative(),
  status: ok,
}).meta({ id: 'ConfirmPhoneSent' });

/** The phone number is the account's, confirmed. */
export const phoneConfirmed = z.object({
  phone_number: z.string(),
  is_phone_confirmed: z.literal(true),
  status: ok,
}).meta({ id: 'PhoneConfirmed' });

export type ConfirmEmailSent = z.infer<typeof confirmEmailSent>;
export type ConfirmPhoneSent = z.infer<typeof confirmPhoneSent>;
export type PhoneConfirmed = z.infer<typeof phoneConfirmed>;
