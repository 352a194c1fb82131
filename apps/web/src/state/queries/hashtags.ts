import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { HASHTAG_FOLLOW_LIST_PAGE, type HashtagFollowedResult, type HashtagPageResult, type PageInfoResult } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { runQuery } from '../../lib/run-query';

/** The hashtags resource: a tag's page data, following a tag, its advisory, and the tags someone follows. */

export interface HashtagPageData {
  graphql: { hashtag: HashtagPageResult };
  status: 'ok';
}

/** One key for the page and its tabs: `/explore/tags/{tag}/`. */
export const hashtagPagePath = (tag: string) => `/explore/tags/${encodeURIComponent(tag)}/`;
export const hashtagPageKey = (tag: string) => pageDataKey(hashtagPagePath(tag));

export function useHashtagPage(tag: string) {
  return usePageData<HashtagPageData>(hashtagPagePath(tag), { enabled: tag !== '' });
}

/** R-001-hashtag-5: `POST /web/tags/follow/{tag}/` and `POST /web/tags/unfollow/{tag}/`. */
export const hashtagFollowUrl = (tag: string, follow: boolean) => `/web/tags/${follow ? 'follow' : 'unfollow'}/${encodeURIComponent(tag)}/`;
export const followHashtag = (tag: string) => apiPost<{ is_following: boolean }>(hashtagFollowUrl(tag, true));
export const unfollowHashtag = (tag: string) => apiPost<{ is_following: boolean }>(hashtagFollowUrl(tag, false));
export const acknowledgeAdvisoryUrl = (tag: string) => `/web/tags/acknowledge_advisory/${encodeURIComponent(tag)}/`;
export const acknowledgeAdvisory = (tag: string) => apiPost<{ status: 'ok' }>(acknowledgeAdvisoryUrl(tag));

/** After a follow or an acknowledgement: the cached page agrees, and followed-tag lists reload. */
export function patchHashtagPage(client: QueryClient, tag: string, patch: (h: HashtagPageResult) => HashtagPageResult): void {
  client.setQueryData<HashtagPageData>(hashtagPageKey(tag), (data) => (data ? { ...data, graphql: { hashtag: patch(data.graphql.hashtag) } } : data));
}

export const HASHTAG_FOLLOW_LIST_KEY = 'hashtag-follow-list';
export const hashtagFollowListKey = (userId: string) => [HASHTAG_FOLLOW_LIST_KEY, userId] as const;

interface FollowedPage {
  count: number;
  edges: { node: HashtagFollowedResult }[];
  page_info: PageInfoResult;
}

/** The hashtags a profile follows, paged (the hashtag_follow_list query). */
export function useHashtagFollowList(userId: string | undefined) {
  return useInfiniteQuery({
    queryKey: hashtagFollowListKey(userId ?? ''),
    queryFn: async ({ pageParam }) =>
      (await runQuery<{ user: { edge_following_hashtag: FollowedPage } }>('hashtag_follow_list', { id: userId, first: HASHTAG_FOLLOW_LIST_PAGE, after: pageParam })).user
        .edge_following_hashtag,
    enabled: !!userId,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
  });
}
