import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId, STORY_AUDIENCES, storyStickers } from '@shutter/contract';
import { configureStoryAnswer, deleteAnswer } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import { jsonField } from '../posts/configure-input.js';
import type { Stories } from './service.js';
import { BODY_BYTES } from '../../platform/body-limits.js';

const configureStoryBody = z.object({
  upload_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'upload_id must be 1 to 64 letters, digits, - or _.'),
  audience: z.enum(STORY_AUDIENCES).optional().describe("'besties' shows the story to the poster's close friends only."),
  story_stickers: z.union([z.string().max(100_000), z.array(z.unknown())]).optional()
    .describe('The stickers (a JSON list, as text in a form post): mentions, hashtags, a place, times, emoji.'),
});
const storyParams = z.object({ story_id: z.string().refine(isId, 'story_id must be an id.') });

export function registerStoryRoutes(app: FastifyInstance, stories: Stories): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/create/configure_to_story/', {
    schema: { tags: ['stories'], summary: 'Post an upload (a photo, or a video of at most a minute) as a story', body: configureStoryBody, response: { 200: configureStoryAnswer } },
    config: { failures: [404] }, bodyLimit: BODY_BYTES.text,
  }, async (request) => {
    const session = requireSession(request);
    const body = request.body;
    const media = await stories.configure(session.user.id, {
      uploadId: body.upload_id,
      audience: body.audience ?? 'everyone',
      stickers: jsonField('story_stickers', body.story_stickers, storyStickers, []),
    });
    return { media, status: 'ok' as const };
  });

  r.post('/stories/:story_id/delete/', {
    schema: { tags: ['stories'], summary: 'Delete an own story (its files too)', params: storyParams, response: { 200: deleteAnswer } },
  }, async (request) => {
    await stories.remove(requireSession(request).user.id, request.params.story_id);
    return { did_delete: true as const, status: 'ok' as const };
  });
}
