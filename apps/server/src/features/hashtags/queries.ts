import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { HashtagsService } from './service.js';

/** A hashtag's newest posts (its grid's pages) and the hashtags someone follows. */
export function hashtagQueries(hashtags: HashtagsService): Partial<QueryHandlers> {
  return {
    hashtag_media: async ({ tag_name, first, after }, request) => ({
      hashtag: await hashtags.recent(tag_name, viewerOf(request), first, after),
    }),
    hashtag_follow_list: async ({ id, first, after }, request) => ({
      user: { id, edge_following_hashtag: await hashtags.followList(id, viewerOf(request), first, after) },
    }),
  };
}
