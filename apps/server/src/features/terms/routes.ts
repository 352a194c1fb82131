import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TERMS_ACCEPT_PATH, TERMS_DECLINE_PATH, TERMS_INFO_PATH, termsAcceptBody } from '@shutter/contract';
import { ok, termsInfo } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { requireSession } from '../../platform/session.js';
import type { Terms } from './service.js';

/** The terms screens' calls: where the viewer stands, "Agree" and "Not now". */
export function registerTermsRoutes(app: FastifyInstance, terms: Terms): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(TERMS_INFO_PATH, {
    schema: { tags: ['accounts'], summary: 'The terms in force and where the viewer stands with them', security: SECURITY.session, response: { 200: termsInfo } },
  }, async (request) => terms.info(requireSession(request).user.id));

  r.post(TERMS_ACCEPT_PATH, {
    schema: {
      tags: ['accounts'], summary: 'Agree to the terms in force',
      description: 'tos_version must be the version in force (400 terms_version_stale otherwise, with the current one); where consent is required (GDPR_REQUIRED), consents.terms and consents.data_policy must both be true (400 terms_consent_required).',
      body: termsAcceptBody, security: SECURITY.sessionAndCsrf, response: { 200: ok },
    },
  }, async (request) => {
    await terms.accept(requireSession(request).user.id, request.body);
    return { status: 'ok' as const };
  });

  r.post(TERMS_DECLINE_PATH, {
    schema: {
      tags: ['accounts'], summary: '"Not now" to the terms in force: the account is blocked until it agrees',
      description: 'Only the terms pages, reads and logging out work for a blocked account. Terms already agreed to stay agreed.',
      security: SECURITY.sessionAndCsrf, response: { 200: ok },
    },
  }, async (request) => {
    await terms.decline(requireSession(request).user.id);
    return { status: 'ok' as const };
  });
}
