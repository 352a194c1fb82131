import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '@shutter/contract';
import { highlightAnswer, highlightsAnswer, ok as okAnswer } from '@shutter/contract/results';
import { requireSession } from '../../platform/session.js';
import type { Highlights } from './highlights.js';
import { BODY_BYTES } from '../../platform/body-limits.js';

/** A list of ids as JSON sends it, or comma-separated as a form does. The service checks the counts. */
export const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : v),
  z.array(z.string().refine(isId, 'must be a list of ids')).max(1000),
);
const id = z.string().refine(isId, 'must be an id');
const params = z.object({ id });
const userParams = z.object({ user_id: id });
// The service trims the title and tells its length rule with a message code.
const title = z.string().max(1000);
const optionalId = z.union([id, z.literal(''), z.null()]);

export function registerHighlightRoutes(app: FastifyInstance, highlights: Highlights): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['stories'];

  r.get('/web/highlights/:user_id/', {
    schema: { tags, summary: "An account's highlights that hold a story the viewer may see, newest first", params: userParams, response: { 200: highlightsAnswer } },
  }, async (request) => ({ highlights: await highlights.list(request.session?.user.id ?? null, request.params.user_id), status: 'ok' as const }));

  r.post('/web/highlights/create/', {
    schema: {
      tags, summary: "Gather some of the viewer's stories into a new highlight",
      body: z.object({ title, story_ids: idList, cover_story_id: optionalId.optional() }),
      response: { 200: highlightAnswer },
    },
    bodyLimit: BODY_BYTES.text,
  }, async (request) => ({ highlight: await highlights.create(requireSession(request).user.id, request.body), status: 'ok' as const }));

  r.post('/web/highlights/:id/edit/', {
    schema: {
      tags, summary: "Rename a highlight, change its cover, add or remove stories (its owner's alone)", params,
      body: z.object({ title: title.optional(), cover_story_id: optionalId.optional(), add_story_ids: idList.optional(), remove_story_ids: idList.optional() }),
      response: { 200: highlightAnswer },
    },
    bodyLimit: BODY_BYTES.text,
  }, async (request) => ({ highlight: await highlights.edit(requireSession(request).user.id, request.params.id, request.body), status: 'ok' as const }));

  r.post('/web/highlights/:id/delete/', {
    schema: { tags, summary: 'Delete a highlight (its stories stay in the archive)', params, response: { 200: okAnswer } },
  }, async (request) => {
    await highlights.remove(requireSession(request).user.id, request.params.id);
    return { status: 'ok' as const };
  });
}
