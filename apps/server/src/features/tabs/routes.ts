import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '@shutter/contract';
import { ok } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import type { ProfileTabs } from './service.js';

const params = z.object({ media_id: z.string().refine(isId, 'media_id must be an id.') });

export function registerTagRoutes(app: FastifyInstance, tabs: ProfileTabs): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/web/usertags/:media_id/approve/', { schema: { tags: ['posts'], summary: 'Approve a tag of oneself: the post joins the tagged tab, in front', params, response: { 200: ok } } }, async (request) => {
    await tabs.approveTag(requireSession(request).user.id, request.params.media_id);
    return { status: 'ok' as const };
  });
  r.post('/web/usertags/:media_id/remove/', { schema: { tags: ['posts'], summary: 'Remove oneself from a post\'s tags', params, response: { 200: ok } } }, async (request) => {
    await tabs.removeTag(requireSession(request).user.id, request.params.media_id);
    return { status: 'ok' as const };
  });
}
