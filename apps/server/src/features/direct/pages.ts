import { DIRECT_INBOX_THREAD_MESSAGES, DIRECT_INBOX_THREADS, DIRECT_THREAD_PAGE, isId } from '@shutter/contract';
import { HttpError } from '../../platform/errors.js';
import { notAvailable, type PageLoaders, type PageResult } from '../../platform/web/page-result.js';
import type { Direct } from './service.js';

const inboxOptions = { limit: DIRECT_INBOX_THREADS, threadMessageLimit: DIRECT_INBOX_THREAD_MESSAGES };

/**
 * The direct pages' data (?__a=1): the inbox, the requests, a thread (404 to anyone not in it).
 * With direct messages turned off, each page sends the viewer to / (R-002-direct-2) and its data is a 404.
 */
export function directPages(direct: Direct | null): PageLoaders {
  const off = (): PageResult => ({ ...notAvailable(), redirect: '/' });
  const ok = (body: Record<string, unknown>, title: string): PageResult => ({ statusCode: 200, body, meta: { title } });
  return {
    'direct-inbox': async ({ viewerId, route }) => (direct ? ok(await direct.inbox(viewerId!, inboxOptions), route.title!) : off()),
    'direct-requests': async ({ viewerId, route }) => (direct ? ok(await direct.pendingInbox(viewerId!, inboxOptions), route.title!) : off()),
    'direct-new': async ({ route }) => (direct ? ok({ status: 'ok' }, route.title!) : off()),
    'direct-thread': async ({ viewerId, params, route }) => {
      if (!direct) return off();
      if (!isId(params.id ?? '')) return notAvailable();
      try {
        const thread = await direct.thread(viewerId!, params.id!, { limit: DIRECT_THREAD_PAGE });
        return ok({ thread, status: 'ok' }, thread.thread_title ? `${thread.thread_title} • Direct` : route.title!);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return notAvailable();
        throw err;
      }
    },
  };
}
