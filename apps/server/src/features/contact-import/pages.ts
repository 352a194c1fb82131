import type { PageLoaders } from '../../platform/web/page-result.js';
import type { ContactImport } from './service.js';

export function contactImportPages(contacts: ContactImport): PageLoaders {
  return {
    'contact-history': async ({ viewerId, route }) => ({
      statusCode: 200,
      body: { ...(await contacts.history(viewerId!)), status: 'ok' },
      meta: { title: route.title! },
    }),
  };
}
