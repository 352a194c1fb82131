import { z } from 'zod';

/** Answers of two-factor authentication by texted codes (settings and the login's second step). */

const ok = z.literal('ok');

/** A code is on its way to the number being set up; `resent` when it replaces one sent to it. */
export const smsTwoFactorCodeSent = z.object({
  resent: z.boolean(),
  last_four_digits: z.string(),
  status: ok,
}).meta({ id: 'SmsTwoFactorCodeSent' });

/**
 * A method turned on. Backup codes are shared by the methods: the first one on makes them (shown
 * once); a second one keeps those (`backup_codes` empty, `backup_codes_kept` true).
 */
export const twoFactorEnabled = z.object({
  backup_codes: z.array(z.string()),
  backup_codes_kept: z.boolean(),
  status: ok,
}).meta({ id: 'TwoFactorEnabled' });

/** A login code was texted; `resent` when one had been sent for this account's logins before. */
export const twoFactorLoginCodeSent = z.object({
  resent: z.boolean(),
  two_factor_info: z.object({ obfuscated_phone_number: z.string() }),
  status: ok,
}).meta({ id: 'TwoFactorLoginCodeSent' });

export type SmsTwoFactorCodeSent = z.infer<typeof smsTwoFactorCodeSent>;
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabled>;
export type TwoFactorLoginCodeSent = z.infer<typeof twoFactorLoginCodeSent>;
