import { requireSession } from '../../platform/session.js';
import { viewerOf, type QueryHandlers } from '../../platform/web/queries.js';
import type { FriendshipsService } from './service.js';

export function friendshipQueries(friendships: FriendshipsService): Partial<QueryHandlers> {
  return {
    follow_requests: async ({ first, after }, request) => ({
      user: { edge_follow_requests: await friendships.requests(requireSession(request).user.id, first, after) },
    }),
    follow_list: async ({ id, type, first, after, mutual_only, mutual_first }, request) => {
      const list = await friendships.list(id, type, viewerOf(request), first, after, { mutualOnly: Boolean(mutual_only), mutualFirst: Boolean(mutual_first) });
      return { user: { id, [type === 'followers' ? 'edge_followed_by' : 'edge_follow']: list } };
    },
  };
}
