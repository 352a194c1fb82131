import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMENT_LIMIT, COMMENT_MAX_LENGTH, isId } from '@shutter/contract';
import { commentAnswer, ok as okAnswer } from '@shutter/contract/results';
import { perAccount } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import type { CommentsService } from './service.js';
import { BODY_BYTES } from '../../platform/body-limits.js';

const id = z.string().refine(isId, 'must be an id.');
const ok = { status: 'ok' as const };

export function registerCommentRoutes(app: FastifyInstance, comments: CommentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/web/comments/:media_id/add/', {
    schema: {
      tags: ['comments'], summary: 'Comment on a post, or reply to a comment',
      params: z.object({ media_id: id }),
      body: z.object({ comment_text: z.string().max(COMMENT_MAX_LENGTH * 2), replied_to_comment_id: id.optional().or(z.literal('').transform(() => undefined)) }),
      response: { 200: commentAnswer },
    },
    preHandler: perAccount(app, 'comment', COMMENT_LIMIT),
    bodyLimit: BODY_BYTES.text,
  }, async (request) => {
    const session = requireSession(request);
    const comment = await comments.add(request.params.media_id, session.user.id, request.body.comment_text, request.body.replied_to_comment_id);
    return { comment, ...ok };
  });

  r.post('/web/comments/:media_id/delete/:comment_id/', {
    schema: { tags: ['comments'], summary: 'Delete an own comment, or any comment on an own post', params: z.object({ media_id: id, comment_id: id }), response: { 200: okAnswer } },
  }, async (request) => {
    await comments.remove(request.params.media_id, request.params.comment_id, requireSession(request).user.id);
    return ok;
  });

  r.post('/web/comments/like/:comment_id/', { schema: { tags: ['comments'], summary: 'Like a comment', params: z.object({ comment_id: id }), response: { 200: okAnswer } } }, async (request) => {
    await comments.like(request.params.comment_id, requireSession(request).user.id);
    return ok;
  });

  r.post('/web/comments/unlike/:comment_id/', { schema: { tags: ['comments'], summary: 'Unlike a comment', params: z.object({ comment_id: id }), response: { 200: okAnswer } } }, async (request) => {
    await comments.unlike(request.params.comment_id, requireSession(request).user.id);
    return ok;
  });
}
