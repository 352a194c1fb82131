import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PARENTAL_CONSENT_LIMIT_PER_IP, parentalConsentAnswerBody, parentalConsentBody } from '@shutter/contract';
import { failure, ok, parentalConsentRequest } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { perAddress } from '../../platform/rate-limits.js';
import type { ParentalConsent } from './parental-consent.js';

/** The parent's side of a minor's signup: no account needed, the link's id and nonce are the key. */
export function registerParentalConsentRoutes(app: FastifyInstance, consent: ParentalConsent): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/accounts/parental_consent/info/', {
    schema: { tags: ['auth'], summary: 'Who asks a parent to approve their account (from the mailed link)', body: parentalConsentBody,
      security: SECURITY.csrf, response: { 200: parentalConsentRequest, 400: failure } },
    config: perAddress(PARENTAL_CONSENT_LIMIT_PER_IP),
  }, async (request) => ({ ...(await consent.describe(request.body.consent_id, request.body.nonce)), status: 'ok' as const }));

  r.post('/accounts/parental_consent/answer/', {
    schema: { tags: ['auth'], summary: "A parent approves a minor's account, or says they are not the parent", body: parentalConsentAnswerBody,
      security: SECURITY.csrf, response: { 200: ok, 400: failure } },
    config: perAddress(PARENTAL_CONSENT_LIMIT_PER_IP),
  }, async (request) => {
    await consent.answer(request.body.consent_id, request.body.nonce, request.body.decision);
    return { status: 'ok' as const };
  });
}
