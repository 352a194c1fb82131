import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { locationSearch } from '@shutter/contract/results';
import { badRequest } from '../../platform/errors.js';
import type { Position } from './repository.js';
import { type Places, whereOf } from './service.js';

const VENUES = 20;
const coordinate = z.string().max(32).optional();

/** A position from latitude and longitude given together, in range; none when both are absent. */
export function parsePosition(latitude: string | undefined, longitude: string | undefined): Position | null {
  const lat = latitude?.trim() ?? '';
  const lng = longitude?.trim() ?? '';
  if (!lat && !lng) return null;
  if (!lat || !lng) throw badRequest('Send latitude and longitude together.');
  const number = /^-?\d{1,3}(\.\d{1,12})?$/;
  if (!number.test(lat) || !number.test(lng)) throw badRequest('latitude and longitude must be decimal degrees.');
  const position = { lat: Number(lat), lng: Number(lng) };
  if (Math.abs(position.lat) > 90) throw badRequest('latitude must be between -90 and 90.');
  if (Math.abs(position.lng) > 180) throw badRequest('longitude must be between -180 and 180.');
  return position;
}

/**
 * GET /location_search/: places for the composer's place picker, by name (prefix or typo-tolerant),
 * nearest first when the client sends its position, else the most used first; with no query,
 * the places nearest the position (or the most used).
 */
export function registerPlaceRoutes(app: FastifyInstance, places: Places): void {
  app.withTypeProvider<ZodTypeProvider>().get('/location_search/', {
    schema: {
      tags: ['search'],
      summary: 'Places by name, or near a position',
      querystring: z.object({
        search_query: z.string().max(100).default(''),
        rank_token: z.string().max(100).optional(),
        latitude: coordinate,
        longitude: coordinate,
      }),
      response: { 200: locationSearch },
    },
  }, async (request) => {
    const { search_query, rank_token, latitude, longitude } = request.query;
    const near = parsePosition(latitude, longitude);
    const rows = await places.rows(search_query, near, VENUES);
    return {
      venues: rows.map((r, position) => {
        const city = r.kind === 'city' ? r.name : r.city_name ?? '';
        // Enough to tell places of one name apart: "Paris, Texas, United States".
        const address = whereOf(r);
        const source = r.source === 'gazetteer' ? ('geonames' as const) : ('shutter' as const);
        const externalId = r.source === 'gazetteer' && r.external_id ? r.external_id : r.id;
        return {
          external_id: externalId,
          external_id_source: source,
          name: r.name,
          address,
          lat: r.lat,
          lng: r.lng,
          location: { pk: r.id, name: r.name, address, city, lat: r.lat, lng: r.lng, external_source: source },
          title: r.name,
          subtitle: address,
          slug: r.slug,
          media_count: r.media_count,
          position,
        };
      }),
      rank_token: rank_token || randomUUID(),
      status: 'ok' as const,
    };
  });
}
