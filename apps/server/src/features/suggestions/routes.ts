import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '@shutter/contract';
import { ok } from '@shutter/contract/results';
import { userNotFound } from '../../platform/errors.js';
import { requireSession } from '../../platform/session.js';
import type { Suggestions } from './service.js';

export function registerSuggestionRoutes(app: FastifyInstance, suggestions: Suggestions, userExists: (id: string) => Promise<boolean>): void {
  app.withTypeProvider<ZodTypeProvider>().post('/web/discover/dismiss_suggestion/', {
    schema: { tags: ['suggestions'], summary: 'Stop suggesting an account (from the feed or from chaining)', body: z.object({ target_id: z.string().refine(isId, 'target_id must be a user id.') }), response: { 200: ok } },
    config: { failures: [404] },
  }, async (request) => {
    const session = requireSession(request);
    if (!(await userExists(request.body.target_id))) throw userNotFound();
    await suggestions.dismiss(session.user.id, request.body.target_id);
    return { status: 'ok' as const };
  });
}
