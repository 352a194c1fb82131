import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAPTCHA_CHALLENGE_LIMIT_PER_IP } from '@shutter/contract';
import { captchaChallengeAnswer } from '@shutter/contract/results';
import { perAddress } from '../../platform/rate-limits.js';
import type { Captcha } from './captcha.js';

/** A fresh proof-of-work challenge, for the signup form (when asked for) and a widget that resets. */
export function registerCaptchaRoutes(app: FastifyInstance, captcha: Captcha): void {
  app.withTypeProvider<ZodTypeProvider>().get('/accounts/captcha/challenge/', {
    schema: { tags: ['auth'], summary: 'A fresh ALTCHA challenge (proof of work), good for one login or signup', response: { 200: captchaChallengeAnswer } },
    config: perAddress(CAPTCHA_CHALLENGE_LIMIT_PER_IP),
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { challenge: await captcha.challenge(), status: 'ok' as const };
  });
}
