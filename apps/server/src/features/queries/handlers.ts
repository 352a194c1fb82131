import { notFound } from '../../platform/errors.js';
import { presentViewer } from '../../platform/presenters.js';
import { requireSession } from '../../platform/session.js';
import { shortcodeToId } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import type { AuthService } from '../auth/service.js';
import type { CommentsService } from '../comments/service.js';
import type { FeedService } from '../feed/service.js';
import type { FriendshipsService } from '../friendships/service.js';
import type { Access } from '../access/service.js';
import type { Activity } from '../activity/service.js';
import type { Suggestions } from '../suggestions/service.js';
import type { ProfileTabs } from '../tabs/service.js';
import type { QueryHandlers } from './dispatcher.js';

const mediaIdOf = (shortcode: string) => {
  const id = shortcodeToId(shortcode);
  if (!id) throw notFound('Post not found.');
  return id;
};

/** Every persisted query, by name; each area's service does the work. */
export function createQueryHandlers(deps: { auth: AuthService; storage: Storage; feed: FeedService; comments: CommentsService; friendships: FriendshipsService; access: Access; activity: Activity; suggestions: Suggestions; tabs: ProfileTabs }): QueryHandlers {
  const viewerOf = (request: { session: { user: { id: string } } | null }) => request.session?.user.id ?? null;
  return {
    viewer: async (_vars, request) => ({
      user: request.session ? presentViewer(request.session.user, deps.storage) : null,
    }),
    login_activity: async ({ first, after }, request) => {
      const session = requireSession(request);
      const page = await deps.auth.listSessions(session.user.id, session.sessionId, first, after);
      return { user: { edge_sessions: { edges: page.sessions.map((node) => ({ node })), page_info: page.page_info } } };
    },
    feed: async (vars, request) => {
      const session = requireSession(request);
      const timeline = await deps.feed.timeline(session.user.id, vars.fetch_media_item_count, vars.fetch_media_item_cursor, vars.fetch_comment_count, vars.fetch_like);
      return { user: { edge_web_feed_timeline: timeline } };
    },
    liked_by: async ({ shortcode, first, after }, request) => ({
      shortcode_media: { shortcode, edge_liked_by: await deps.feed.likedBy(mediaIdOf(shortcode), viewerOf(request), first, after) },
    }),
    parent_comments: async ({ shortcode, first, after }, request) => ({
      shortcode_media: { shortcode, edge_media_to_parent_comment: await deps.comments.parents(mediaIdOf(shortcode), viewerOf(request), first, after) },
    }),
    child_comments: async ({ comment_id, first, after }, request) => ({
      comment: { id: comment_id, edge_threaded_comments: await deps.comments.replies(comment_id, viewerOf(request), first, after) },
    }),
    comment_likes: async ({ comment_id, first, after }, request) => ({
      comment: { id: comment_id, edge_liked_by: await deps.comments.likers(comment_id, viewerOf(request), first, after) },
    }),
    profile_posts: async ({ id, first, after }, request) => ({
      user: { id, edge_owner_to_timeline_media: await deps.feed.profilePosts(id, viewerOf(request), first, after) },
    }),
    follow_requests: async ({ first, after }, request) => ({
      user: { edge_follow_requests: await deps.friendships.requests(requireSession(request).user.id, first, after) },
    }),
    activity_counts: async (_vars, request) => ({
      user: { activity_counts: await deps.activity.counts(requireSession(request).user.id) },
    }),
    suggested_users_count: async (_vars, request) => ({
      user: { edge_suggested_users: { count: await deps.suggestions.count(requireSession(request).user.id) } },
    }),
    suggested_users: async ({ fetch_suggested_count, seen_ids }, request) => ({
      user: { edge_suggested_users: await deps.suggestions.list(requireSession(request).user.id, fetch_suggested_count, seen_ids ?? []) },
    }),
    saved_posts: async ({ first, after }, request) => ({
      user: { edge_saved_media: await deps.tabs.saved(requireSession(request).user.id, first, after) },
    }),
    tagged_posts: async ({ id, first, after }, request) => ({
      user: { id, edge_user_to_photos_of_you: await deps.tabs.tagged(id, viewerOf(request), first, after) },
    }),
    similar_accounts: async ({ id, first }, request) => {
      const viewerId = requireSession(request).user.id;
      // Chaining is offered for private accounts too (it shows accounts, not their posts), never across a block.
      const { view } = await deps.access.account(viewerId, id);
      if (view === 'absent' || view === 'blocked') throw notFound('User not found.');
      return { user: { id, edge_chaining: await deps.suggestions.similar(viewerId, id, first) } };
    },
    hashtag_media: async ({ tag_name, first, after }, request) => ({
      hashtag: await deps.feed.hashtag(tag_name, viewerOf(request), first, after),
    }),
    location_media: async ({ id, first, after }, request) => ({
      location: await deps.feed.location(id, viewerOf(request), first, after),
    }),
    follow_list: async ({ id, type, first, after, mutual_only, mutual_first }, request) => {
      const list = await deps.friendships.list(id, type, viewerOf(request), first, after, { mutualOnly: Boolean(mutual_only), mutualFirst: Boolean(mutual_first) });
      return { user: { id, [type === 'followers' ? 'edge_followed_by' : 'edge_follow']: list } };
    },
  };
}
