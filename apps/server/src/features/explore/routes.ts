import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '@shutter/contract';
import { ok } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import type { Explore } from './service.js';

const params = z.object({ media_id: z.string().refine(isId, 'media_id must be an id.') });

export function registerExploreRoutes(app: FastifyInstance, explore: Explore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/web/explore/not_interested/:media_id/', {
    schema: { tags: ['explore'], summary: 'Not interested: the post leaves the viewer\'s explore for good, and its cluster weighs less for them', params, response: { 200: ok } },
    config: { failures: [404] },
  }, async (request) => {
    await explore.notInterested(requireSession(request).user.id, request.params.media_id);
    return { status: 'ok' as const };
  });
  r.post('/web/explore/not_interested/:media_id/undo/', {
    schema: { tags: ['explore'], summary: 'Undo "not interested": the post may come back to the viewer\'s explore', params, response: { 200: ok } },
    config: { failures: [404] },
  }, async (request) => {
    await explore.interestedAgain(requireSession(request).user.id, request.params.media_id);
    return { status: 'ok' as const };
  });
}
