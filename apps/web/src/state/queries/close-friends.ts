import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CloseFriendResult, PageInfoResult } from '@shutter/contract';
import { apiGet, apiPost } from '../../lib/api';
import { createOptimistic } from '../optimistic';

/** The close friends resource: the viewer's list to choose from, and adding or taking people off it. */

export const CLOSE_FRIENDS_KEY = 'close-friends';

interface CloseFriendsPage {
  count: number;
  users: CloseFriendResult[];
  page_info: PageInfoResult;
}

export function useCloseFriends(query: string) {
  return useInfiniteQuery({
    queryKey: [CLOSE_FRIENDS_KEY, query],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (query) params.set('query', query);
      if (pageParam) params.set('after', pageParam);
      const search = params.toString();
      return apiGet<CloseFriendsPage>(`/web/close_friends/${search ? `?${search}` : ''}`, { result: (r) => r.closeFriendsAnswer });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
    // While a new search loads, the last list and its count stay (rather than a spinner and "0 people").
    placeholderData: keepPreviousData,
  });
}

/** Per person: whether the viewer wants them on the list, while the change is on its way. */
export const closeFriendToggles = createOptimistic<boolean>();

export function useCloseFriendToggle() {
  const client = useQueryClient();
  return (user: CloseFriendResult, on: boolean) =>
    closeFriendToggles.request(user.id, on, {
      server: user.is_close_friend,
      send: async (value) => {
        await apiPost('/web/close_friends/set/', value ? { add: user.id } : { remove: user.id });
        return value;
      },
      commit: (value) => {
        // Every cached page (each search) agrees; the count follows on the next read.
        client.setQueriesData<InfiniteData<CloseFriendsPage>>({ queryKey: [CLOSE_FRIENDS_KEY] }, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  count: page.users.some((u) => u.id === user.id && u.is_close_friend !== value) ? page.count + (value ? 1 : -1) : page.count,
                  users: page.users.map((u) => (u.id === user.id ? { ...u, is_close_friend: value } : u)),
                })),
              }
            : data,
        );
      },
    });
}
