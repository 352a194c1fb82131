import { requireSession } from '../../platform/session.js';
import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { ProfileTabs } from './service.js';

export function tabQueries(tabs: ProfileTabs): Partial<QueryHandlers> {
  return {
    saved_posts: async ({ first, after }, request) => ({
      user: { edge_saved_media: await tabs.saved(requireSession(request).user.id, first, after) },
    }),
    tagged_posts: async ({ id, first, after }, request) => ({
      user: { id, edge_user_to_photos_of_you: await tabs.tagged(id, viewerOf(request), first, after) },
    }),
  };
}
