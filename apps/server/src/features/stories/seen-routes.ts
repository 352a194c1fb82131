import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, STORY_SEEN_LIMIT } from '@shutter/contract';
import { reelSeenAnswer } from '@shutter/contract/results';
import { perAccount } from '../../platform/rate-limits.js';
import { requireSession } from '../../platform/session.js';
import type { MarkReelSeen } from './seen.js';

const id = z.coerce.string().refine(isId, 'must be an id.');
/** Seconds since the epoch, up to the year 2100. */
const seconds = z.coerce.number().int().min(0).max(4_102_444_800);

/** Form or JSON, as the web client sends it. */
const seenBody = z.object({
  reelMediaId: id,
  reelMediaOwnerId: id,
  reelId: z.coerce.string().min(1).max(120),
  reelMediaTakenAt: seconds,
  viewSeenAt: seconds,
});

export function registerStorySeenRoutes(app: FastifyInstance, markSeen: MarkReelSeen): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pace = perAccount(app, 'story-seen', STORY_SEEN_LIMIT);
  // The client posts it with and without the trailing slash; the document names the one with it.
  for (const [path, hide] of [['/stories/reel/seen/', false], ['/stories/reel/seen', true]] as const) {
    r.post(path, {
      schema: {
        hide,
        tags: ['stories'],
        summary: 'Mark a reel seen up to one of its items (reelMediaTakenAt and viewSeenAt in seconds)',
        body: seenBody,
        response: { 200: reelSeenAnswer },
      },
      config: { failures: [404] },
      preHandler: pace,
    }, async (request) => {
      const seen = await markSeen(requireSession(request).user.id, request.body);
      return { seen, status: 'ok' as const };
    });
  }
}
