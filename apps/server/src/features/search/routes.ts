import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HASHTAG_NAME, isId, SEARCH_HIDE_MAX, SEARCH_QUERY_MAX_LENGTH, TOPSEARCH_CONTEXTS } from '@shutter/contract';
import { nullStateSections, ok, recentSearches, topSearch } from '@shutter/contract/results';
import { jsonList } from '../../platform/form-lists.js';
import { requireSession } from '../../platform/session.js';
import { NULL_STATE_SECTIONS, type Search } from './service.js';

const context = z.enum(TOPSEARCH_CONTEXTS).default('blended');
const flag = z.enum(['true', 'false', '1', '0']).optional();
const coordinate = (max: number) => z.coerce.number().min(-max).max(max).optional();

/** A JSON list of ids in a form field (or a list in a JSON body); absent is empty. */
const hiddenList = (item: z.ZodType<string>) => jsonList(z.array(item).max(SEARCH_HIDE_MAX), { absentIsEmpty: true });
const userId = z.string().refine(isId, 'user ids are decimal ids.');
const placeId = z.string().refine(isId, 'place ids are decimal ids.');
const hashtagName = z.string().regex(HASHTAG_NAME, 'hashtags are named by letters, digits and _.');

const entity = z.discriminatedUnion('entity_type', [
  z.object({ entity_type: z.literal('user'), entity_id: userId }),
  z.object({ entity_type: z.literal('hashtag'), entity_id: hashtagName }),
  z.object({ entity_type: z.literal('place'), entity_id: placeId }),
]);

/**
 * Search: /web/search/topsearch/ for anyone (a visitor's results lack relationships), and the
 * logged-in viewer's null state and recent searches.
 */
export function registerSearchRoutes(app: FastifyInstance, search: Search): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/web/search/topsearch/', {
    schema: {
      tags: ['search'], summary: 'People, hashtags and places matching a query, in one order by position',
      querystring: z.object({
        context, query: z.string().max(SEARCH_QUERY_MAX_LENGTH).default(''),
        rank_token: z.string().min(1).max(100).optional(), include_reel: flag,
        latitude: coordinate(90), longitude: coordinate(180),
      }),
      response: { 200: topSearch },
    },
  }, async (request) => {
    const { query, latitude, longitude } = request.query;
    const near = latitude !== undefined && longitude !== undefined ? { lat: latitude, lng: longitude } : null;
    return search.topsearch(request.session?.user.id ?? null, { context: request.query.context, query, rankToken: request.query.rank_token ?? null, near, includeReel: request.query.include_reel === 'true' || request.query.include_reel === '1' });
  });

  r.get('/web/search/nullstate_dynamic_sections/', {
    schema: { tags: ['search'], summary: 'The sections an empty search box shows (suggested people), without those the viewer hid', querystring: z.object({ type: context }), response: { 200: nullStateSections } },
  }, async (request) => ({ sections: await search.nullStateSections(requireSession(request).user.id, request.query.type), status: 'ok' as const }));

  r.get('/web/search/recent_searches/', {
    schema: { tags: ['search'], summary: "The viewer's recent searches, newest first; entries that are gone are dropped", response: { 200: recentSearches } },
  }, async (request) => ({ recent: await search.recent(requireSession(request).user.id), status: 'ok' as const }));

  r.post('/web/search/register_recent_search/', {
    schema: { tags: ['search'], summary: 'Record a result the viewer opened as their newest recent search', body: entity, response: { 200: ok } },
    config: { failures: [404] },
  }, async (request) => {
    await search.register(requireSession(request).user.id, request.body.entity_type, request.body.entity_id);
    return { status: 'ok' as const };
  });

  r.post('/web/search/hide_search_entities/', {
    schema: {
      tags: ['search'], summary: 'Remove people, hashtags and places from the recent searches, and hide null-state sections',
      body: z.object({
        user: hiddenList(userId), hashtag: hiddenList(hashtagName), place: hiddenList(placeId),
        section: hiddenList(z.enum(NULL_STATE_SECTIONS)),
      }),
      response: { 200: ok },
    },
  }, async (request) => {
    await search.hide(requireSession(request).user.id, request.body);
    return { status: 'ok' as const };
  });

  r.post('/web/search/clear_search_history/', {
    schema: { tags: ['search'], summary: 'Clear all of the viewer\'s recent searches', response: { 200: ok } },
  }, async (request) => {
    await search.clear(requireSession(request).user.id);
    return { status: 'ok' as const };
  });
}
