import { z } from 'zod';

/** The bodies of the phone confirmation routes (the zod part, out of the web client's runtime contract). */
export const confirmPhoneSendBody = z.object({ phone_number: z.string().max(100) });
export const confirmPhoneBody = z.object({
  phone_number: z.string().max(100).default(''),
  verification_code: z.string().max(100),
});

/** A password reset by text, to the account that confirmed this number. */
export const passwordResetSmsBody = z.object({ phone_number: z.string().min(1, 'Enter your phone number.').max(100) });
