import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FOLLOW_LIMIT } from '@shutter/contract';
import { hashtagFollowAnswer, ok as okAnswer } from '@shutter/contract/results';
import { perAccount } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import type { HashtagsService } from './service.js';

// The shape is checked by the service (a 400 names the problem); this only bounds the input.
const params = z.object({ tag: z.string().min(1).max(200) });

/** Following hashtags and acknowledging a sensitive tag's content advisory (logged in, with the csrf token). */
export function registerHashtagRoutes(app: FastifyInstance, hashtags: HashtagsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pace = perAccount(app, 'hashtag-follow', FOLLOW_LIMIT);

  r.post('/web/tags/follow/:tag/', {
    schema: { tags: ['hashtags'], summary: 'Follow a hashtag (again is fine); its top posts join the home feed', params, response: { 200: hashtagFollowAnswer } },
    preHandler: pace,
  }, async (request) => {
    await hashtags.follow(requireSession(request).user.id, request.params.tag);
    return { is_following: true, status: 'ok' as const };
  });

  r.post('/web/tags/unfollow/:tag/', {
    schema: { tags: ['hashtags'], summary: 'Stop following a hashtag (again is fine)', params, response: { 200: hashtagFollowAnswer } },
    preHandler: pace,
  }, async (request) => {
    await hashtags.unfollow(requireSession(request).user.id, request.params.tag);
    return { is_following: false, status: 'ok' as const };
  });

  r.post('/web/tags/acknowledge_advisory/:tag/', {
    schema: { tags: ['hashtags'], summary: "Acknowledge a sensitive hashtag's content advisory, once for this viewer", params, response: { 200: okAnswer } },
  }, async (request) => {
    await hashtags.acknowledge(requireSession(request).user.id, request.params.tag);
    return { status: 'ok' as const };
  });
}
