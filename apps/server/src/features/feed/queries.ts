import { requireSession } from '../../platform/session.js';
import { mediaIdOf } from '../../platform/shortcodes.js';
import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { FeedService } from './service.js';

/** The feed's persisted queries: the home timeline, a profile's posts, a post's likers, place grids. */
export function feedQueries(feed: FeedService): Partial<QueryHandlers> {
  return {
    feed: async (vars, request) => {
      const session = requireSession(request);
      const timeline = await feed.timeline(session.user.id, vars.fetch_media_item_count, vars.fetch_media_item_cursor, vars.fetch_comment_count, vars.fetch_like);
      return { user: { edge_web_feed_timeline: timeline } };
    },
    liked_by: async ({ shortcode, first, after }, request) => ({
      shortcode_media: { shortcode, edge_liked_by: await feed.likedBy(mediaIdOf(shortcode), viewerOf(request), first, after) },
    }),
    profile_posts: async ({ id, first, after }, request) => ({
      user: { id, edge_owner_to_timeline_media: await feed.profilePosts(id, viewerOf(request), first, after) },
    }),
    location_media: async ({ id, first, after }, request) => ({
      location: await feed.location(id, viewerOf(request), first, after),
    }),
  };
}
