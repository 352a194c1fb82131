import { z } from 'zod';
import { idString } from './common.js';

/** Answers of two-factor authentication: its settings and the login's second step. */

export const twoFactorState = z.object({
  two_factor_enabled: z.boolean(),
  totp_two_factor_enabled: z.boolean().optional().describe('Present only when the viewer may use an authentication app.'),
  sms_two_factor_enabled: z.boolean(),
  phone_number: z.string().nullable().describe('Where texted codes go; while they are off, the confirmed number of the account (to offer it), if any.'),
  backup_codes_remaining: z.number().int().nonnegative(),
  status: z.literal('ok'),
}).meta({ id: 'TwoFactorState' });

export const totpKeyGenerated = z.object({
  totp_seed: z.string().describe('Base32 secret, pending until enabled with a code from it.'),
  otpauth_uri: z.string(),
  status: z.literal('ok'),
}).meta({ id: 'TotpKeyGenerated' });

export const backupCodes = z.object({ backup_codes: z.array(z.string()), status: z.literal('ok') }).meta({ id: 'BackupCodes' });

export const loginTwoFactorRequired = z.object({
  authenticated: z.literal(false),
  two_factor_required: z.literal(true),
  two_factor_info: z.object({
    two_factor_identifier: z.string().describe('Opaque, single use, good for ten minutes.'),
    username: z.string(),
    totp_two_factor_on: z.boolean(),
    sms_two_factor_on: z.boolean(),
    obfuscated_phone_number: z.string().nullable(),
  }),
  status: z.literal('fail'),
  message: z.string(),
}).meta({ id: 'LoginTwoFactorRequired' });

export const twoFactorLoginSucceeded = z.object({ authenticated: z.literal(true), userId: idString, status: z.literal('ok'), reactivated: z.literal(true).optional() }).meta({ id: 'TwoFactorLoginSucceeded' });
