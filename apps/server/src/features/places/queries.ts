import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { PlacePosts } from './posts.js';

/** A place's persisted queries: the next pages of its grid. */
export function placeQueries(posts: PlacePosts): Partial<QueryHandlers> {
  return {
    location_media: async ({ id, first, after }, request) => ({
      location: await posts.location(id, viewerOf(request), first, after),
    }),
  };
}
