import { useCallback, useEffect, useReducer } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOW_LIST_PAGE, type Edges, type UserSummary } from '@shutter/contract';
import { useToast } from '../toast/toast-context';
import {
  activityBannerReducer,
  initialActivityBanner,
  markCheckedFields,
  parseLastChecked,
  shouldMarkChecked,
  ZERO_COUNTS,
  type ActivityCounts,
} from './activity-banner';
import { followRequestReducer, initialFollowRequests } from './follow-request-reducer';
import { useSession } from '../session';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { readItem, writeItem } from '../../lib/storage';
import { runQuery } from '../../lib/run-query';
import { FOLLOW_LIST_KEY } from './follow-lists';

/** The activity resource: the activity feed, the heart's counts, and the viewer's follow requests. */

export const ACTIVITY_PAGE_PATH = '/accounts/activity/';
export const activityPageKey = pageDataKey(ACTIVITY_PAGE_PATH);
export const activityCountsKey = ['activity-counts'] as const;
const LAST_CHECKED_KEY = 'shutter.activity-last-checked';
const POLL_MS = 60_000;

/** What the service itself tells the reader (moderation's outcomes): `user` is the reader, `text` the whole line. */
export type NoticeType = 'strike' | 'report_reviewed' | 'appeal_decided';
export type ActivityType = 'like' | 'comment' | 'comment_like' | 'mention' | 'follow' | 'follow_request' | 'usertag' | 'story_mention' | NoticeType;

export interface ActivityStory {
  id: string;
  type: ActivityType;
  timestamp: number;
  user: UserSummary;
  media: { id: string; shortcode: string; thumbnail_src: string } | null;
  /** The story a story_mention is about; its owner is `user`. */
  story?: { id: string; thumbnail_src: string | null } | null;
  text: string | null;
  /** A usertag story: the viewer's tag on the post waits for their review, is approved, or was removed (null). */
  tag_status?: 'pending' | 'approved' | null;
  /** A notice from the service (a NoticeType): shown with the product's mark. */
  system?: boolean;
}

export interface ActivityFeedData {
  graphql: { user: { activity_feed: { timestamp: number; edge_web_activity_feed: { edges: { node: ActivityStory }[] } } } };
  status: 'ok';
}

/** The activity feed page data, shared by the heart's popover and `/accounts/activity/`. */
export function useActivityFeed({ enabled = true } = {}) {
  return usePageData<ActivityFeedData>(ACTIVITY_PAGE_PATH, { enabled });
}

/**
 * The heart's dot. Counts poll every minute while the tab is visible (TanStack Query pauses
 * intervals in the background); a failed load zeroes them and hides the dot (spec 000 §8).
 */
export function useActivityBanner() {
  const query = useQuery({
    queryKey: activityCountsKey,
    queryFn: async () => (await runQuery<{ user: { activity_counts: ActivityCounts } }>('activity_counts')).user.activity_counts,
    refetchInterval: POLL_MS,
    retry: false,
  });
  const [state, dispatch] = useReducer(activityBannerReducer, initialActivityBanner);
  const { data, dataUpdatedAt, errorUpdatedAt, isError } = query;
  useEffect(() => {
    if (data) dispatch({ type: 'loaded', counts: data });
  }, [data, dataUpdatedAt]);
  useEffect(() => {
    if (isError) dispatch({ type: 'failed' });
  }, [isError, errorUpdatedAt]);
  const ignore = useCallback(() => dispatch({ type: 'ignored' }), []);
  return { visible: state.visible, counts: state.counts, ignore };
}

/**
 * Once the feed is shown, mark it checked with its own timestamp, only when that is newer than
 * the last one checked (spec 000 §4), so reopening the popover does not post again and again.
 */
export function useMarkChecked(feedTimestamp: number | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!feedTimestamp || !shouldMarkChecked(feedTimestamp, parseLastChecked(readItem(LAST_CHECKED_KEY)))) return;
    apiPost('/web/activity/mark_checked/', markCheckedFields(feedTimestamp)).then(
      () => {
        writeItem(LAST_CHECKED_KEY, String(feedTimestamp));
        client.setQueryData(activityCountsKey, ZERO_COUNTS);
      },
      // Unchecked stays unchecked: the next poll still shows the dot, and the next open retries.
      () => undefined,
    );
  }, [feedTimestamp, client]);
}

/** The viewer's pending follow requests, newest first (docs/api-graph.md). */
export const followRequestsKey = ['follow-requests'] as const;

export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: followRequestsKey,
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<{ user: { edge_follow_requests: Edges<UserSummary> } }>('follow_requests', { first: FOLLOW_LIST_PAGE, after: pageParam });
      return data.user.edge_follow_requests;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
  });
}

/** Approve and ignore (R-000-follow-requests-8: the server lists only the owner's own requests). */
export function useRequestActions() {
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const client = useQueryClient();
  const [state, dispatch] = useReducer(followRequestReducer, initialFollowRequests);
  const approve = async (user: UserSummary) => {
    dispatch({ type: 'approve', id: user.id });
    try {
      await apiPost(`/web/friendships/${user.id}/approve/`);
      dispatch({ type: 'approveSucceeded', id: user.id });
      // The new follower shows in the viewer's follower count and list.
      if (viewer) void client.invalidateQueries({ queryKey: pageDataKey(`/${viewer.username}/`) });
      void client.invalidateQueries({ queryKey: [FOLLOW_LIST_KEY], refetchType: 'none' });
    } catch {
      dispatch({ type: 'approveFailed', id: user.id });
      showToast({ text: t('graph.approveFailed', { username: user.username }) });
    }
  };
  const ignore = async (user: UserSummary) => {
    dispatch({ type: 'ignore', id: user.id });
    try {
      await apiPost(`/web/friendships/${user.id}/ignore/`);
      dispatch({ type: 'ignoreSucceeded', id: user.id });
    } catch {
      dispatch({ type: 'ignoreFailed', id: user.id });
      showToast({ text: t('graph.ignoreFailed', { username: user.username }) });
    }
  };
  return { state, approve, ignore };
}
