import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HASHTAG_FOLLOW_LIST_PAGE, type HashtagFollowedResult, type HashtagPageResult, type PageInfoResult } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { runQuery } from '../../lib/run-query';
import { createOptimistic, usePending } from '../optimistic';
import { useToast } from '../toast/toast-context';

/** The hashtags resource: a tag's page data, following a tag, its advisory, and the tags someone follows. */

export interface HashtagPageData {
  graphql: { hashtag: HashtagPageResult };
  status: 'ok';
}

/** One key for the page and its tabs: `/explore/tags/{tag}/`. */
export const hashtagPagePath = (tag: string) => `/explore/tags/${encodeURIComponent(tag)}/`;
export const hashtagPageKey = (tag: string) => pageDataKey(hashtagPagePath(tag));

export function useHashtagPage(tag: string) {
  return usePageData<HashtagPageData>(hashtagPagePath(tag), { enabled: tag !== '', result: (r) => r.pageData.hashtag });
}

/** R-001-hashtag-5: `POST /web/tags/follow/{tag}/` and `POST /web/tags/unfollow/{tag}/`. */
export const hashtagFollowUrl = (tag: string, follow: boolean) => `/web/tags/${follow ? 'follow' : 'unfollow'}/${encodeURIComponent(tag)}/`;
export const setHashtagFollowed = (tag: string, follow: boolean) => apiPost(hashtagFollowUrl(tag, follow), {}, { result: (r) => r.hashtagFollowAnswer });
export const acknowledgeAdvisoryUrl = (tag: string) => `/web/tags/acknowledge_advisory/${encodeURIComponent(tag)}/`;
export const acknowledgeAdvisory = (tag: string) => apiPost(acknowledgeAdvisoryUrl(tag), {}, { result: (r) => r.ok });

/** After a follow or an acknowledgement: the cached page agrees, and followed-tag lists reload. */
export function patchHashtagPage(client: QueryClient, tag: string, patch: (h: HashtagPageResult) => HashtagPageResult): void {
  client.setQueryData<HashtagPageData>(hashtagPageKey(tag), (data) => (data ? { ...data, graphql: { hashtag: patch(data.graphql.hashtag) } } : data));
}

export const HASHTAG_FOLLOW_LIST_KEY = 'hashtag-follow-list';

/** Pending follows per tag (state/optimistic.ts): the button shows the viewer's choice at once. */
export const hashtagFollows = createOptimistic<boolean>();

/** Follows or unfollows a tag over the server copy `following`; the confirmed value goes into the cache. */
export function requestHashtagFollow(client: QueryClient, tag: string, following: boolean, follow: boolean): Promise<void> {
  return hashtagFollows.request(tag, follow, {
    server: following,
    send: async (value) => (await setHashtagFollowed(tag, value)).is_following,
    commit: (value) => {
      patchHashtagPage(client, tag, (h) => ({ ...h, is_following: value }));
      void client.invalidateQueries({ queryKey: [HASHTAG_FOLLOW_LIST_KEY] });
    },
  });
}

/** A tag's follow button: optimistic, one request at a time, back to the server's value with a toast on failure. */
export function useHashtagFollow(hashtag: HashtagPageResult) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const following = usePending(hashtagFollows, hashtag.name) ?? hashtag.is_following;
  const toggle = () => {
    const follow = !following;
    requestHashtagFollow(client, hashtag.name, hashtag.is_following, follow).catch(() =>
      showToast({ text: t(follow ? 'hashtag.followFailed' : 'hashtag.unfollowFailed') }),
    );
  };
  return { following, toggle };
}
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
