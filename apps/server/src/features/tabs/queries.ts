import { requireSession } from '../../platform/session.js';
import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { ProfileTabs } from './service.js';

export function tabQueries(tabs: ProfileTabs): Partial<QueryHandlers> {
  return {
    saved_posts: async ({ first, after }, request) => ({
      user: { edge_saved_media: await tabs.saved(requireSession(request).user.id, first, after) },
    }),
    tagged_posts: async ({ id, first, after }, request) => {
      const viewerId = viewerOf(request);
      const edge = await tabs.tagged(id, viewerId, first, after);
      // The tagged person's own tab also says whether new tags wait for their review.
      return { user: { id, edge_user_to_photos_of_you: edge, ...(viewerId === id ? { usertag_review_enabled: await tabs.reviewsTags(id) } : {}) } };
    },
  };
}
