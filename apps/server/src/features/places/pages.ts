import { GRID_PAGE_SIZE } from '@shutter/contract';
import { HttpError } from '../../platform/errors.js';
import { notAvailable, type PageContext, type PageLoaders, type PageResult } from '../../platform/web/page-result.js';
import type { PlacePosts } from './posts.js';
import { cityKey, countryName, parseDirectoryKey, slugOf } from './names.js';
import { presentPlace, type Places, whereOf } from './service.js';

/** Top posts on a place's page. */
export const TOP_POSTS = 9;

const pageParam = (ctx: PageContext) => {
  const page = (ctx.request.query as Record<string, unknown>).page;
  return typeof page === 'string' && page ? page : null;
};

const missingIsNotAvailable = async (load: () => Promise<PageResult>): Promise<PageResult> => {
  try {
    return await load();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
    throw err;
  }
};

/**
 * Place pages and the location directory. `/explore/locations/{id}/` (and `/locations/{id}/`)
 * is a country's page for a country code, a city's for `c{id}`, a place's for its id.
 */
export function placePages(places: Places, posts: PlacePosts): PageLoaders {
  async function placePage(id: string, viewerId: string | null): Promise<PageResult> {
    const row = await places.find(id);
    const [recent, top] = await Promise.all([posts.location(id, viewerId, GRID_PAGE_SIZE, null), posts.locationTop(id, viewerId, TOP_POSTS)]);
    const where = whereOf(row);
    const { kind, lat, lng, city, country } = presentPlace(row);
    return {
      statusCode: 200,
      body: {
        graphql: {
          location: { ...recent, kind, lat, lng, city, country, directory_id: kind === 'city' ? cityKey(row.id) : null, edge_location_to_top_posts: top },
        },
        status: 'ok',
      },
      meta: { title: where ? `${row.name}, ${where}` : row.name, description: `Photos and videos taken at ${row.name}${where ? `, ${where}` : ''} on Shutter.` },
    };
  }

  return {
    location: async (ctx) => {
      const key = parseDirectoryKey(ctx.params.id ?? '');
      if (!key) return notAvailable();
      if (key.kind === 'place') return missingIsNotAvailable(() => placePage(key.id, ctx.viewerId));
      if (key.kind === 'country') {
        const found = await places.country(key.code, pageParam(ctx));
        if (!found) return notAvailable();
        return {
          statusCode: 200,
          body: { country_info: found.country, city_list: found.cities, next_page: found.next_page, status: 'ok' },
          meta: { title: `Locations in ${found.country.name}`, description: `Cities of ${found.country.name} and the places people post at on Shutter.` },
        };
      }
      const found = await places.city(key.id, pageParam(ctx));
      if (!found) return notAvailable();
      const { city } = found;
      const country = city.country_code ? { id: city.country_code, name: countryName(city.country_code), slug: slugOf(countryName(city.country_code), city.country_code.toLowerCase()) } : null;
      return {
        statusCode: 200,
        body: {
          country_info: country,
          city_info: { id: cityKey(city.id), name: city.name, slug: city.slug, location_id: city.id, lat: city.lat, lng: city.lng, media_count: city.media_count },
          location_list: found.places,
          next_page: found.next_page,
          status: 'ok',
        },
        meta: { title: `Locations in ${city.name}${country ? `, ${country.name}` : ''}`, description: `Places in ${city.name} people post at on Shutter.` },
      };
    },
    'location-directory': async (ctx) => {
      const { items, next_page } = await places.countries(pageParam(ctx));
      return {
        statusCode: 200,
        body: { country_list: items, next_page, status: 'ok' },
        meta: { title: 'Locations', description: 'Browse the places people post at on Shutter, by country and city.' },
      };
    },
  };
}
