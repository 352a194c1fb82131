import { requireSession } from '../../platform/session.js';
import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { StoryReads } from './reads.js';

/** feed_tray, reels_media and story_viewers. */
export function storyQueries(reads: StoryReads): Partial<QueryHandlers> {
  return {
    feed_tray: async (_vars, request) => {
      const edges = (await reads.tray(requireSession(request).user.id)).map((node) => ({ node }));
      return { user: { feed_reels_tray: { edge_reels_tray_to_reel: { edges } } } };
    },
    reels_media: async (vars, request) => ({
      reels_media: await reads.reels(viewerOf(request), {
        reelIds: vars.reel_ids,
        highlightIds: vars.highlight_reel_ids,
        tagNames: vars.tag_names.map((t) => t.replace(/^#/, '').toLowerCase()),
        locationIds: vars.location_ids,
        viewerList: vars.show_story_viewer_list ? { first: vars.story_viewer_fetch_count, after: vars.story_viewer_cursor ?? null } : null,
      }),
    }),
    story_viewers: async (vars, request) => ({
      media: await reads.viewers(requireSession(request).user.id, vars.item_id, vars.story_viewer_fetch_count, vars.story_viewer_cursor ?? null),
    }),
  };
}
