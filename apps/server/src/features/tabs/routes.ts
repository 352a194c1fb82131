import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '@shutter/contract';
import { ok, usertagReviewSet } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import type { ProfileTabs } from './service.js';

const params = z.object({ media_id: z.string().refine(isId, 'media_id must be an id.') });

export function registerTagRoutes(app: FastifyInstance, tabs: ProfileTabs): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/web/usertags/:media_id/approve/', { schema: { tags: ['posts'], summary: 'Approve a tag of oneself: the post joins the tagged tab, in front', params, response: { 200: ok } } }, async (request) => {
    await tabs.approveTag(requireSession(request).user.id, request.params.media_id);
    return { status: 'ok' as const };
  });
  r.post('/accounts/set_usertag_review/', {
    schema: {
      tags: ['accounts'],
      summary: 'Whether new tags of oneself wait for one\'s approval before they show on one\'s Tagged tab (on by default)',
      body: z.object({ enabled: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]) }),
      response: { 200: usertagReviewSet },
    },
  }, async (request) => {
    const enabled = [true, 'true', '1'].includes(request.body.enabled);
    await tabs.setReviewsTags(requireSession(request).user.id, enabled);
    return { status: 'ok' as const, usertag_review_enabled: enabled };
  });
  r.post('/web/usertags/:media_id/remove/', { schema: { tags: ['posts'], summary: 'Remove oneself from a post\'s tags', params, response: { 200: ok } } }, async (request) => {
    await tabs.removeTag(requireSession(request).user.id, request.params.media_id);
    return { status: 'ok' as const };
  });
}
