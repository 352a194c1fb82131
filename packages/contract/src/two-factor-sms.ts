import { z } from 'zod';

/**
 * Two-factor authentication by texted codes: the request bodies. The codes themselves follow the
 * phone confirmation's numbers (PHONE_CODE_LENGTH, PHONE_CODE_TTL_MS, PHONE_CODE_RESEND_AFTER_MS,
 * PHONE_CODE_MAX_ATTEMPTS in contacts.ts); their answers are in results/two-factor-sms.ts.
 */

const phoneNumber = z.string().max(100);

/** Settings: text a code to the number that is to receive the login codes. */
export const smsTwoFactorSendBody = z.object({ phone_number: phoneNumber });

/** Settings: turn texted codes on with the code sent to that number. */
export const smsTwoFactorEnableBody = z.object({
  phone_number: phoneNumber,
  verification_code: z.string().min(1, 'Enter the security code.').max(40),
});

/** A login's second step: text a (new) code for the challenge of the named account. */
export const twoFactorSendCodeBody = z.object({
  username: z.string().min(1).max(254),
  identifier: z.string().min(1).max(200),
});

/** The last four digits of a number, as a login shows where its code went. */
export const lastFourDigits = (phone: string) => phone.replace(/\D/g, '').slice(-4);
