import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_RESET_LIMIT_PER_IP, passwordResetConfirmBody, passwordResetRequestBody } from '@shutter/contract';
import { RESET_SENT_MESSAGE, type PasswordReset } from './password-reset.js';

const limit = { rateLimit: { max: PASSWORD_RESET_LIMIT_PER_IP.max, timeWindow: PASSWORD_RESET_LIMIT_PER_IP.windowMs } };

export function registerAccountRoutes(app: FastifyInstance, reset: PasswordReset, publicUrl: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/accounts/account_recovery_send_ajax/', {
    schema: {
      tags: ['accounts'], summary: 'Email a password reset link', body: passwordResetRequestBody,
      response: { 200: z.object({ status: z.literal('ok'), message: z.string() }) },
    },
    config: limit,
  }, async (request) => {
    // Never the request's Host or X-Forwarded-Host: a forged one would mail the victim a link to the attacker.
    await reset.request(request.body.email_or_username, publicUrl);
    return { status: 'ok' as const, message: RESET_SENT_MESSAGE };
  });

  r.post('/accounts/password/reset/confirm/', {
    schema: {
      tags: ['accounts'], summary: 'Set a new password with an emailed reset link', body: passwordResetConfirmBody,
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    config: limit,
  }, async (request) => {
    await reset.confirm(request.body);
    return { status: 'ok' as const };
  });
}
