import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { ProfilePosts } from './posts.js';

/** A profile's persisted queries: the next pages of its grid. */
export function profileQueries(posts: ProfilePosts): Partial<QueryHandlers> {
  return {
    profile_posts: async ({ id, first, after }, request) => ({
      user: { id, edge_owner_to_timeline_media: await posts.profilePosts(id, viewerOf(request), first, after) },
    }),
  };
}
