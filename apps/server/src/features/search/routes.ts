import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';

const LIMIT = 8;

/**
 * /web/search/topsearch/: people by username or name prefix and hashtags by prefix, for the @ and #
 * suggestions of the composer (the search issue grows it into full search).
 */
export function registerTopSearch(app: FastifyInstance, db: Db, storage: Storage, access: Access): void {
  app.withTypeProvider<ZodTypeProvider>().get('/web/search/topsearch/', {
    schema: { tags: ['search'], summary: 'People and hashtags starting with the query', querystring: z.object({ query: z.string().max(100).default('') }) },
  }, async (request) => {
    const raw = request.query.query.trim().toLowerCase();
    const wantsTags = raw.startsWith('#');
    const q = raw.replace(/^[@#]/, '');
    if (!q) return { users: [], hashtags: [], places: [], status: 'ok' };
    const like = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [users, tags] = await Promise.all([
      wantsTags
        ? []
        : db
            .selectFrom('users')
            .select(['id', 'username', 'full_name', 'profile_pic_key', 'is_private', 'is_verified'])
            .where((eb) => eb.or([eb('username_lower', 'like', like), eb(sql`lower(full_name)`, 'like', like)]))
            .orderBy(sql`username_lower = ${q}`, 'desc')
            .orderBy('username_lower')
            .limit(LIMIT)
            .execute(),
      db
        .selectFrom('media_hashtags')
        .select(['tag', (eb) => eb.fn.countAll<string>().as('n')])
        .where('tag', 'like', like)
        .groupBy('tag')
        .orderBy('n', 'desc')
        .limit(LIMIT)
        .execute(),
    ]);
    const shown = await access.keepVisibleUsers(request.session?.user.id ?? null, users, (u) => u.id);
    return {
      users: shown.map((u, position) => ({ position, user: presentUserSummary(u, storage) })),
      hashtags: tags.map((t, position) => ({ position, hashtag: { name: t.tag, media_count: Number(t.n) } })),
      places: [],
      status: 'ok',
    };
  });
}
