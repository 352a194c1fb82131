import { z } from 'zod';
import { formBoolean } from './form-fields.js';
import { PASSWORD_MAX_LENGTH } from './constants.js';

/** The request bodies of two-factor authentication (two-factor.ts has its numbers and shapes). */


// Spaces (as codes are grouped for reading) and dashes are ignored by the service.
const code = z.string().min(1, 'Enter the security code.').max(40);

export const totpEnableBody = z.object({ verification_code: code });
/** Turning two-factor off and new backup codes ask for the password again. */
export const twoFactorPasswordBody = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH * 2) });

export const twoFactorLoginBody = z.object({
  username: z.string().min(1).max(254),
  identifier: z.string().min(1).max(200),
  verificationCode: code,
  trust_signin: formBoolean.default(false),
});
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBody>;
