import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFIRM_EMAIL_LIMIT_PER_ACCOUNT, CONFIRM_PHONE_LIMIT_PER_ACCOUNT, confirmPhoneBody, confirmPhoneSendBody } from '@shutter/contract';
import { confirmEmailSent, confirmPhoneSent, emailConfirmResult, phoneConfirmed } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { keyedLimit } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import type { EmailConfirmation } from './email-confirmation.js';
import type { PhoneConfirmation } from './phone-confirmation.js';

/** Confirming the email (emailed link) and the phone number (texted code). */
export function registerConfirmationRoutes(app: FastifyInstance, email: EmailConfirmation, phone: PhoneConfirmation): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linksPerAccount = keyedLimit(app, 'confirm-email', CONFIRM_EMAIL_LIMIT_PER_ACCOUNT);
  const codesPerAccount = keyedLimit(app, 'confirm-phone', CONFIRM_PHONE_LIMIT_PER_ACCOUNT);

  r.get('/accounts/confirm_email/:token/', {
    schema: {
      tags: ['accounts'], summary: 'Follow an emailed confirmation link (logged in or not)',
      description: 'Confirms the address the link was sent to, once, within 7 days; then sends the browser to /accounts/confirm_email/?result=confirmed (or result=invalid for a used, expired or unknown link), the page that says so. With ?__a=1 it answers the result as JSON instead.',
      params: z.object({ token: z.string().max(200) }),
      querystring: z.object({ __a: z.literal('1').optional() }),
      response: { 200: emailConfirmResult, 303: z.null().describe('To /accounts/confirm_email/?result=confirmed or ?result=invalid') },
    },
  }, async (request, reply) => {
    const result = await email.confirm(request.params.token);
    reply.header('cache-control', 'private, no-store');
    if (request.query.__a === '1') return { result, status: 'ok' as const };
    return reply.redirect(`/accounts/confirm_email/?result=${result}`, 303);
  });

  r.post('/accounts/send_confirm_email/', {
    schema: {
      tags: ['accounts'], summary: 'Email a new confirmation link to the account\'s address',
      description: `At most ${CONFIRM_EMAIL_LIMIT_PER_ACCOUNT.max} an hour per account; 400 when the address is already confirmed.`,
      security: SECURITY.sessionAndCsrf, response: { 200: confirmEmailSent },
    },
    config: { failures: [429] },
  }, async (request) => {
    const sent = await email.resend(requireSession(request).user.id, linksPerAccount);
    return { ...sent, message: `We sent a new confirmation link to ${sent.email}.`, status: 'ok' as const };
  });

  r.post('/accounts/send_confirm_phone_sms_code/', {
    schema: {
      tags: ['accounts'], summary: 'Text a six-digit code to confirm a phone number',
      description: `The number in international form (+15550100199; spaces, dashes and brackets are ignored). A new code replaces the last one, a minute after it at the earliest (429 before), at most ${CONFIRM_PHONE_LIMIT_PER_ACCOUNT.max} an hour; a code works for 10 minutes.`,
      body: confirmPhoneSendBody, security: SECURITY.sessionAndCsrf, response: { 200: confirmPhoneSent },
    },
    config: { failures: [429] },
  }, async (request) => {
    return { ...(await phone.sendCode(requireSession(request).user.id, request.body.phone_number, codesPerAccount)), status: 'ok' as const };
  });

  r.post('/accounts/confirm_phone/', {
    schema: {
      tags: ['accounts'], summary: 'Confirm the phone number with the texted code',
      description: 'The number becomes the account\'s, confirmed. A code takes 5 wrong tries, then a new one must be asked for.',
      body: confirmPhoneBody, security: SECURITY.sessionAndCsrf, response: { 200: phoneConfirmed },
    },
  }, async (request) => {
    const number = await phone.confirm(requireSession(request).user.id, request.body);
    return { phone_number: number, is_phone_confirmed: true as const, status: 'ok' as const };
  });
}
