import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import type { Activity } from './service.js';

export function registerActivityRoutes(app: FastifyInstance, activity: Activity): void {
  app.withTypeProvider<ZodTypeProvider>().post('/web/activity/mark_checked/', {
    schema: {
      tags: ['activity'],
      summary: 'Mark the activity feed checked up to its newest item',
      body: z.object({ timestamp: z.coerce.number().int().min(0).max(4_102_444_800) }),
      response: { 200: ok },
    },
  }, async (request) => {
    await activity.markChecked(requireSession(request).user.id, request.body.timestamp);
    return { status: 'ok' as const };
  });
}
