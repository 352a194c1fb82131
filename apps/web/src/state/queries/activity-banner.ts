/** Unread counts since the last check (query `activity_counts`, docs/api-accounts.md). */
export interface ActivityCounts {
  comment_likes: number;
  comments: number;
  likes: number;
  relationships: number;
  usertags: number;
}

export const ZERO_COUNTS: ActivityCounts = { comment_likes: 0, comments: 0, likes: 0, relationships: 0, usertags: 0 };

export function hasUnread(counts: ActivityCounts): boolean {
  return Object.values(counts).some((count) => count > 0);
}

export interface ActivityBannerState {
  counts: ActivityCounts;
  visible: boolean;
}

export type ActivityBannerAction = { type: 'loaded'; counts: ActivityCounts } | { type: 'failed' } | { type: 'checked' } | { type: 'ignored' };

export const initialActivityBanner: ActivityBannerState = { counts: ZERO_COUNTS, visible: false };

/**
 * Spec 000 §4 and §8: the banner (the heart's dot) shows only while unread counts exist. Checking
 * or ignoring hides it; a failed load zeroes the counts too, so a stale dot never lingers.
 */
export function activityBannerReducer(state: ActivityBannerState, action: ActivityBannerAction): ActivityBannerState {
  switch (action.type) {
    case 'loaded':
      return { counts: action.counts, visible: hasUnread(action.counts) };
    case 'failed':
    case 'checked':
      return { counts: ZERO_COUNTS, visible: false };
    case 'ignored':
      return { ...state, visible: false };
  }
}

/** Spec 000 §4: mark the feed checked only when its timestamp is newer than the last-checked one. */
export function shouldMarkChecked(feedTimestamp: number | null | undefined, lastChecked: number | null): boolean {
  if (!feedTimestamp) return false;
  return lastChecked === null || feedTimestamp > lastChecked;
}

/** The body of `POST /web/activity/mark_checked/`: the feed's own timestamp (unix seconds). */
export function markCheckedFields(feedTimestamp: number): { timestamp: number } {
  return { timestamp: feedTimestamp };
}

/** The stored last-checked timestamp; anything unreadable counts as never checked. */
export function parseLastChecked(stored: string | null): number | null {
  const value = Number(stored);
  return stored && Number.isFinite(value) && value > 0 ? value : null;
}
