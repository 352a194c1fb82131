import { useInfiniteQuery } from '@tanstack/react-query';
import { FOLLOW_LIST_PAGE, type Edges, type UserSummary } from '@shutter/contract';
import type { FollowListType, MutualMode } from '../../lib/follow-list-path';
import { runQuery } from '../../lib/run-query';
import type { RelationshipFields } from './relationship';

/** The follow-lists resource: a profile's followers and followings, paged. */

export type FollowListUser = UserSummary & RelationshipFields;

/** Spec 002 §9: follow lists preload 1 page (R-002-follow-lists-4); the contract's default size. */
export { FOLLOW_LIST_PAGE };

export const FOLLOW_LIST_KEY = 'follow-list';
export const followListKey = (userId: string, type: FollowListType, mutual: MutualMode) => [FOLLOW_LIST_KEY, userId, type, mutual] as const;

interface FollowListData {
  user: { edge_followed_by?: Edges<FollowListUser>; edge_follow?: Edges<FollowListUser> };
}

export function useFollowList(userId: string | undefined, type: FollowListType, mutual: MutualMode) {
  return useInfiniteQuery({
    queryKey: followListKey(userId ?? '', type, mutual),
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<FollowListData>('follow_list', {
        id: userId,
        type,
        first: FOLLOW_LIST_PAGE,
        after: pageParam,
        mutual_only: mutual === 'mutualOnly',
        mutual_first: mutual === 'mutualFirst',
      });
      const edge = type === 'followers' ? data.user.edge_followed_by : data.user.edge_follow;
      return edge ?? { edges: [], page_info: { has_next_page: false, end_cursor: null } };
    },
    enabled: !!userId,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
  });
}
