import { mediaIdOf } from '../../platform/shortcodes.js';
import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { LikedBy } from './liked-by.js';

/** A post's persisted queries: who liked it. */
export function postQueries(likedBy: LikedBy): Partial<QueryHandlers> {
  return {
    liked_by: async ({ shortcode, first, after }, request) => ({
      shortcode_media: { shortcode, edge_liked_by: await likedBy(mediaIdOf(shortcode), viewerOf(request), first, after) },
    }),
  };
}
