import type { FastifyRequest } from 'fastify';
import { GRID_PAGE_SIZE } from '@shutter/contract';
import { presentViewer } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import { HttpError } from '../../platform/errors.js';
import { notAvailable, type PageLoaders, type PageResult } from '../../platform/web/page-result.js';
import { homeShell } from './home-shell.js';
import type { FeedService } from './service.js';

/**
 * `/` (the feed for a viewer, the landing page for a visitor), and place pages. The page
 * data is what the client's first query would answer, from the same service.
 */
export function feedPages(feed: FeedService, storage: Storage, landing: (request: FastifyRequest) => PageResult): PageLoaders {
  return {
    home: async ({ request, wantsHtml }) => {
      const session = request.session;
      if (!session) return { ...landing(request), shell: { prerendered: 'landing' } };
      return {
        statusCode: 200,
        body: { viewer: presentViewer(session.user, storage), status: 'ok' },
        meta: { title: 'Shutter' },
        // Page data (?__a=1) is for client navigations, which fetch the feed themselves.
        shell: wantsHtml ? await homeShell(request, session.user.id, feed) : undefined,
      };
    },
    location: async ({ params, viewerId }) => {
      if (!/^\d{1,19}$/.test(params.id ?? '')) return notAvailable();
      try {
        const location = await feed.location(params.id!, viewerId, GRID_PAGE_SIZE, null);
        return { statusCode: 200, body: { graphql: { location }, status: 'ok' }, meta: { title: location.name, description: `Photos and videos taken at ${location.name} on Shutter.` } };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
        throw err;
      }
    },
  };
}
