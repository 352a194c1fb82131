import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLIENT_EVENT_LIMIT_PER_IP, CLIENT_EVENT_PATH, clientEventBody } from '@shutter/contract';
import { failure, ok } from '@shutter/contract/results';
import { SECURITY } from './answers.js';
import { perAddress } from './rate-limits.js';

/**
 * What the web client reports about itself (spec 002 §4: a credential auto-login that did not log
 * the visitor in). Only known events with known types are taken, and each becomes one structured
 * log line: nothing is stored, so the log's retention is the event's.
 */
export function registerClientEventRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(CLIENT_EVENT_PATH, {
    schema: {
      tags: ['logging'], summary: 'Report an event of the web client',
      description: 'R-002-prompts-10: `credential_auto_login_failed` with its `type` (unavailable, unsupported, dismissed, password_mismatch). Logged, not stored.',
      body: clientEventBody, security: SECURITY.csrf,
      response: { 200: ok, 400: failure },
    },
    config: perAddress(CLIENT_EVENT_LIMIT_PER_IP),
  }, async (request) => {
    request.log.info({ clientEvent: request.body, viewer: request.session?.user.id ?? null }, 'client event');
    return { status: 'ok' as const };
  });
}
