import type { FastifyRequest } from 'fastify';
import { GRID_PAGE_SIZE } from '@shutter/contract';
import { presentViewer } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import { notAvailable, type PageLoaders, type PageResult } from '../../platform/web/page-result.js';
import { homeShell } from './home-shell.js';
import type { FeedService } from './service.js';

const HASHTAG = /^[\p{L}\p{N}_]{1,100}$/u;

/**
 * `/` (the feed for a viewer, the landing page for a visitor) and hashtag pages. The page
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
    hashtag: async ({ params, viewerId }) => {
      const tag = (params.tag ?? '').replace(/^#/, '');
      if (!HASHTAG.test(tag)) return notAvailable();
      const hashtag = await feed.hashtag(tag, viewerId, GRID_PAGE_SIZE, null);
      return { statusCode: 200, body: { graphql: { hashtag }, status: 'ok' }, meta: { title: `#${hashtag.name}`, description: `Photos and videos tagged #${hashtag.name} on Shutter.` } };
    },
  };
}
