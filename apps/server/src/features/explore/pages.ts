import { GRID_PAGE_SIZE, HASHTAG_NAME } from '@shutter/contract';
import { HttpError } from '../../platform/errors.js';
import { notAvailable, type PageLoaders } from '../../platform/web/page-result.js';
import type { Explore } from './service.js';

/** `/explore/` (`?cluster=name` for one topical cluster): the clusters and the first page of the grid. */
export function explorePages(explore: Explore): PageLoaders {
  return {
    explore: async ({ request, viewerId }) => {
      const raw = (request.query as Record<string, unknown>).cluster;
      const cluster = typeof raw === 'string' && raw !== '' ? raw : null;
      if (!viewerId || (cluster !== null && !HASHTAG_NAME.test(cluster))) return notAvailable();
      try {
        const data = await explore.page(viewerId, GRID_PAGE_SIZE, null, cluster);
        return { statusCode: 200, body: { graphql: { explore: data }, status: 'ok' }, meta: { title: cluster ? `#${cluster} • Explore` : 'Explore' } };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
        throw err;
      }
    },
  };
}
