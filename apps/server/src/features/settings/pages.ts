import type { PageLoaders } from '../../platform/web/page-result.js';
import type { Settings } from './service.js';

/** The settings pages' data, always the viewer's own (the routes are for logged-in people only). */
export function settingsPages(settings: Settings): PageLoaders {
  return {
    'privacy-settings': async ({ viewerId, route }) => ({
      statusCode: 200, body: { ...(await settings.privacy(viewerId!)), status: 'ok' }, meta: { title: route.title! },
    }),
    'comment-filter': async ({ viewerId, route }) => ({
      statusCode: 200, body: { ...(await settings.commentFilter(viewerId!)), status: 'ok' }, meta: { title: route.title! },
    }),
    'notification-settings': async ({ viewerId, route }) => ({
      statusCode: 200, body: { ...(await settings.notifications(viewerId!)), status: 'ok' }, meta: { title: route.title! },
    }),
    'emails-sent': async ({ viewerId, route }) => ({
      statusCode: 200, body: { ...(await settings.emailsSent(viewerId!)), status: 'ok' }, meta: { title: route.title! },
    }),
  };
}
