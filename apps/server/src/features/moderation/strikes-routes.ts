import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STRIKES_PATH, appealBody, isId, strikesQuery } from '@shutter/contract';
import { strike, strikesAnswer } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import type { Appeals } from './appeals.js';

const params = z.object({ id: z.string().refine(isId, 'id must be a number.') });
const WHO = 'With a session, or without one the `appeal_token` a suspended account\'s login answered (401 `appeal_token_invalid` when it is bad or expired).';

/** The owner's side: their strikes, and one appeal each. */
export function registerStrikeRoutes(app: FastifyInstance, appeals: Appeals): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(STRIKES_PATH, {
    schema: { tags: ['moderation'], summary: 'The viewer\'s strikes, newest first', description: WHO, querystring: strikesQuery, security: SECURITY.optionalSession, response: { 200: strikesAnswer } },
  }, async (request) => appeals.strikes(appeals.ownerOf(request.session?.user.id ?? null, request.query.appeal_token)));

  r.post(`${STRIKES_PATH}:id/appeal/`, {
    schema: {
      tags: ['moderation'], summary: 'Ask for a review of a strike (once)', description: `${WHO} text: 1 to 1000 characters. A second appeal of the same strike: 400.`,
      params, body: appealBody, security: SECURITY.csrf, response: { 200: z.object({ strike, status: z.literal('ok') }) },
    },
  }, async (request) => appeals.appeal(appeals.ownerOf(request.session?.user.id ?? null, request.body.appeal_token), request.params.id, request.body.text));
}
