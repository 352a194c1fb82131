import type { PageLoaders } from '../../platform/web/page-result.js';
import type { Leaving } from './service.js';

/** The delete page tells the days a deletion waits; the download page where the archive stands. */
export function leavingPages(leaving: Leaving, deletionDays: number): PageLoaders {
  return {
    'delete-account': async ({ route }) => ({ statusCode: 200, body: { deletion_days: deletionDays, status: 'ok' }, meta: { title: route.title! } }),
    'download-data': async ({ viewerId, route }) => ({
      statusCode: 200, body: { ...(await leaving.status(viewerId!)), status: 'ok' }, meta: { title: route.title! },
    }),
  };
}
