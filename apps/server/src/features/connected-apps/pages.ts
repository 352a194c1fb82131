import { ServerResponse } from 'node:http';
import { HttpError } from '../../platform/errors.js';
import type { PageLoaders } from '../../platform/web/page-result.js';
import type { ConnectedApps } from './service.js';

export function connectedAppsPages(apps: ConnectedApps): PageLoaders {
  return {
    'manage-access': async ({ viewerId, route }) => ({
      statusCode: 200,
      body: { ...(await apps.list(viewerId!)), status: 'ok' },
      meta: { title: route.title! },
    }),
    'oauth-consent': async ({ params, request, route }) => {
      try {
        // Reading the interaction only reads its cookie: an answer object of its own is enough.
        const body = await apps.consentRequest(params.uid ?? '', { req: request.raw, res: new ServerResponse(request.raw) });
        return { statusCode: 200, body, meta: { title: route.title! } };
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return { statusCode: err.statusCode, body: { status: 'fail', message: err.message }, meta: { title: route.title! } };
      }
    },
  };
}
