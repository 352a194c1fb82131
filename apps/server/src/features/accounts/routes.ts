import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PASSWORD_RESET_LIMIT_PER_EMAIL, PASSWORD_RESET_LIMIT_PER_IP, passwordResetConfirmBody, passwordResetRequestBody, passwordResetSmsBody } from '@shutter/contract';
import { resetSent, ok } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { keyedLimit, perAddress } from '../../platform/rate-limits.js';
import { RESET_SENT_MESSAGE, RESET_SMS_SENT_MESSAGE, type PasswordReset } from './password-reset.js';


export function registerAccountRoutes(app: FastifyInstance, reset: PasswordReset, publicUrl: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = perAddress(PASSWORD_RESET_LIMIT_PER_IP);
  const mailsPerAccount = keyedLimit(app, 'reset-mail', PASSWORD_RESET_LIMIT_PER_EMAIL);

  r.post('/accounts/account_recovery_send_ajax/', {
    schema: {
      tags: ['accounts'], summary: 'Email a password reset link', body: passwordResetRequestBody,
      security: SECURITY.csrf, response: { 200: resetSent },
    },
    config: limit,
  }, async (request) => {
    // Never the request's Host or X-Forwarded-Host: a forged one would mail the victim a link to the attacker.
    await reset.request(request.body.email_or_username, publicUrl, mailsPerAccount);
    return { status: 'ok' as const, message: RESET_SENT_MESSAGE };
  });

  r.post('/accounts/send_password_reset_sms/', {
    schema: {
      tags: ['accounts'], summary: 'Text a password reset link to a confirmed phone number', body: passwordResetSmsBody,
      description: 'The same answer whether an account confirmed the number or not; 400 on the phone_number field when it is not a number in international form.',
      security: SECURITY.csrf, response: { 200: resetSent },
    },
    config: limit,
  }, async (request) => {
    await reset.requestBySms(request.body.phone_number, publicUrl, mailsPerAccount);
    return { status: 'ok' as const, message: RESET_SMS_SENT_MESSAGE };
  });

  r.post('/accounts/password/reset/confirm/', {
    schema: {
      tags: ['accounts'], summary: 'Set a new password with an emailed reset link', body: passwordResetConfirmBody,
      security: SECURITY.csrf, response: { 200: ok },
    },
    config: limit,
  }, async (request) => {
    await reset.confirm(request.body);
    return { status: 'ok' as const };
  });
}
