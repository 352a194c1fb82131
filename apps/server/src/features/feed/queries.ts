import { requireSession } from '../../platform/session.js';
import type { QueryHandlers } from '../../platform/web/queries.js';
import type { FeedService } from './service.js';

/** The feed's persisted query: the home timeline. */
export function feedQueries(feed: FeedService): Partial<QueryHandlers> {
  return {
    feed: async (vars, request) => {
      const session = requireSession(request);
      const timeline = await feed.timeline(session.user.id, vars.fetch_media_item_count, vars.fetch_media_item_cursor, vars.fetch_comment_count, vars.fetch_like);
      return { user: { edge_web_feed_timeline: timeline } };
    },
  };
}
