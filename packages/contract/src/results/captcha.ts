import { z } from 'zod';

/** Answers of the proof-of-work check (ALTCHA): a fresh challenge, and a login or signup waiting for it. */

export const captchaChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
}).meta({ id: 'CaptchaChallenge', description: 'An ALTCHA challenge (the widget\'s `challenge` attribute).' });

export const captchaChallengeAnswer = z.object({ challenge: captchaChallenge, status: z.literal('ok') }).meta({ id: 'CaptchaChallengeAnswer' });

/** The login's (or signup's) refusal until a solved challenge comes with it: the same for every typed name. */
export const captchaRequired = z.object({
  authenticated: z.literal(false).optional(),
  account_created: z.literal(false).optional(),
  captcha_required: z.literal(true),
  captcha_challenge: captchaChallenge,
  status: z.literal('fail'),
  message: z.string(),
  code: z.enum(['captcha_required', 'captcha_invalid']).optional().describe('Absent when the login was checked and failed.'),
}).meta({ id: 'CaptchaRequired' });
