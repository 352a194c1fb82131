import { mediaIdOf } from '../../platform/shortcodes.js';
import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { CommentsService } from './service.js';

export function commentQueries(comments: CommentsService): Partial<QueryHandlers> {
  return {
    parent_comments: async ({ shortcode, first, after }, request) => ({
      shortcode_media: { shortcode, edge_media_to_parent_comment: await comments.parents(mediaIdOf(shortcode), viewerOf(request), first, after) },
    }),
    child_comments: async ({ comment_id, first, after }, request) => ({
      comment: { id: comment_id, edge_threaded_comments: await comments.replies(comment_id, viewerOf(request), first, after) },
    }),
    comment_likes: async ({ comment_id, first, after }, request) => ({
      comment: { id: comment_id, edge_liked_by: await comments.likers(comment_id, viewerOf(request), first, after) },
    }),
  };
}
