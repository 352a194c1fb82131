import { useInfiniteQuery } from '@tanstack/react-query';
import { FOLLOW_LIST_PAGE, type Edges, type UserSummary } from '@shutter/contract';
import { runQuery } from '../../lib/run-query';

/** The viewer's pending follow requests, newest first (docs/api-graph.md). */
export const followRequestsKey = ['follow-requests'] as const;
const PAGE = FOLLOW_LIST_PAGE;

export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: followRequestsKey,
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<{ user: { edge_follow_requests: Edges<UserSummary> } }>('follow_requests', { first: PAGE, after: pageParam });
      return data.user.edge_follow_requests;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
  });
}
