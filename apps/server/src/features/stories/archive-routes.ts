import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storyArchive } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import type { Archive } from './archive.js';

export function registerArchiveRoutes(app: FastifyInstance, archive: Archive): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/web/archive/stories/', {
    schema: {
      tags: ['stories'], summary: "The viewer's own stories, live and expired, newest first (to gather into highlights)",
      querystring: z.object({ after: z.string().max(200).optional() }),
      response: { 200: storyArchive },
    },
  }, async (request) => archive.page(requireSession(request).user.id, request.query.after));
}
