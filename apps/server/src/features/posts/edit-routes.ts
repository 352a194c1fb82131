import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '@shutter/contract';
import { mediaAnswer } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import { editBody, parseEdit } from './edit-input.js';
import type { PostEditor } from './edit.js';
import { BODY_BYTES } from '../../platform/body-limits.js';

const mediaParams = z.object({ media_id: z.string().refine(isId, 'media_id must be an id.') });

/** The owner's edit of a post; its answer is the post as the post page shows it. */
export function registerPostEditRoutes(app: FastifyInstance, edit: PostEditor): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/media/:media_id/edit/', {
    schema: { tags: ['posts'], summary: "Edit an own post's caption, place, people tags and alt text", params: mediaParams, body: editBody, response: { 200: mediaAnswer } },
    bodyLimit: BODY_BYTES.text,
  }, async (request) => {
    const session = requireSession(request);
    return { media: await edit(request.params.media_id, session.user.id, parseEdit(request.body)), status: 'ok' as const };
  });
}
