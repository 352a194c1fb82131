import type { FastifyRequest } from 'fastify';
import { presentViewer } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import { type PageLoaders, type PageResult } from '../../platform/web/page-result.js';
import { homeShell } from './home-shell.js';
import type { FeedService } from './service.js';

/**
 * `/` (the feed for a viewer, the landing page for a visitor). The page
 * data is what the client's first query would answer, from the same service.
 */
export function feedPages(
  feed: FeedService, storage: Storage, landing: (request: FastifyRequest, wantsHtml: boolean) => Promise<PageResult>,
  /** The viewer's profile form: its first screen shows the reminder to confirm an email, not shifted in after it painted. */
  editProfile: (viewerId: string) => Promise<unknown>,
): PageLoaders {
  async function firstScreen(request: FastifyRequest, viewerId: string) {
    const [shell, form] = await Promise.all([homeShell(request, viewerId, feed), editProfile(viewerId)]);
    return { ...shell, editProfile: form };
  }

  return {
    home: async ({ request, wantsHtml }) => {
      const session = request.session;
      if (!session) return landing(request, wantsHtml);
      return {
        statusCode: 200,
        body: { viewer: presentViewer(session.user, storage), status: 'ok' },
        meta: { title: 'Shutter' },
        // Page data (?__a=1) is for client navigations, which fetch the feed themselves.
        shell: wantsHtml ? await firstScreen(request, session.user.id) : undefined,
      };
    },
  };
}
