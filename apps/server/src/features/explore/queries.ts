import { GRID_PAGE_SIZE } from '@shutter/contract';
import { requireSession } from '../../platform/session.js';
import type { QueryHandlers } from '../../platform/web/queries.js';
import type { Explore } from './service.js';

/** explore_media: the next pages of explore's grid, or of one cluster's. */
export function exploreQueries(explore: Explore): Partial<QueryHandlers> {
  return {
    explore_media: async ({ first, after, cluster }, request) => ({
      explore: await explore.page(requireSession(request).user.id, first ?? GRID_PAGE_SIZE, after, cluster ?? null),
    }),
  };
}
