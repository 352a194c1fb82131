import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { topSearch } from '@shutter/contract/results';
import type { SearchRepository } from './repository.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';

const LIMIT = 8;

/**
 * /web/search/topsearch/: people by username or name prefix and hashtags by prefix, for the @ and #
 * suggestions of the composer (the search issue grows it into full search).
 */
export function registerTopSearch(app: FastifyInstance, repo: SearchRepository, storage: Storage, access: Access): void {
  app.withTypeProvider<ZodTypeProvider>().get('/web/search/topsearch/', {
    schema: { tags: ['search'], summary: 'People and hashtags starting with the query', querystring: z.object({ query: z.string().max(100).default('') }), response: { 200: topSearch } },
  }, async (request) => {
    const raw = request.query.query.trim().toLowerCase();
    const wantsTags = raw.startsWith('#');
    const q = raw.replace(/^[@#]/, '');
    if (!q) return { users: [], hashtags: [], places: [], status: 'ok' as const };
    const [users, tags] = await Promise.all([wantsTags ? [] : repo.usersByPrefix(q, LIMIT), repo.hashtagsByPrefix(q, LIMIT)]);
    const shown = await access.keepVisibleUsers(request.session?.user.id ?? null, users, (u) => u.id);
    return {
      users: shown.map((u, position) => ({ position, user: presentUserSummary(u, storage) })),
      hashtags: tags.map((t, position) => ({ position, hashtag: { name: t.tag, media_count: Number(t.n) } })),
      places: [],
      status: 'ok' as const,
    };
  });
}
