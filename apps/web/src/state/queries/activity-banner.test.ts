import { describe, expect, it } from 'vitest';
import { activityBannerReducer, hasUnread, initialActivityBanner, markCheckedFields, parseLastChecked, shouldMarkChecked, ZERO_COUNTS, type ActivityCounts } from './activity-banner';

const counts = (partial: Partial<ActivityCounts>): ActivityCounts => ({ ...ZERO_COUNTS, ...partial });
const loaded = (c: ActivityCounts) => activityBannerReducer(initialActivityBanner, { type: 'loaded', counts: c });

describe('activity banner', () => {
  it('R-000-activity-1: the banner is shown only if unread counts exist', () => {
    expect(loaded(ZERO_COUNTS).visible).toBe(false);
    for (const key of Object.keys(ZERO_COUNTS) as (keyof ActivityCounts)[]) {
      expect(hasUnread(counts({ [key]: 1 }))).toBe(true);
      expect(loaded(counts({ [key]: 2 })).visible).toBe(true);
    }
  });

  it('R-000-activity-2: the banner is hidden on check, on ignore and on failure', () => {
    const shown = loaded(counts({ likes: 3 }));
    expect(activityBannerReducer(shown, { type: 'checked' }).visible).toBe(false);
    expect(activityBannerReducer(shown, { type: 'ignored' }).visible).toBe(false);
    expect(activityBannerReducer(shown, { type: 'failed' }).visible).toBe(false);
  });

  it('R-000-activity-3: the feed is marked checked only if its timestamp is newer than the last-checked one', () => {
    expect(shouldMarkChecked(200, 100)).toBe(true);
    expect(shouldMarkChecked(100, 100)).toBe(false);
    expect(shouldMarkChecked(50, 100)).toBe(false);
    expect(shouldMarkChecked(100, null)).toBe(true);
    expect(shouldMarkChecked(null, null)).toBe(false);
  });

  it('R-000-activity-4: a counts failure sets all unread counts to zero', () => {
    const failed = activityBannerReducer(loaded(counts({ likes: 3, comments: 1, relationships: 2 })), { type: 'failed' });
    expect(failed.counts).toEqual(ZERO_COUNTS);
  });

  it('R-000-activity-5: a counts failure hides the banner', () => {
    expect(activityBannerReducer(loaded(counts({ usertags: 1 })), { type: 'failed' }).visible).toBe(false);
  });

  it('R-002-activity-1: mark checked needs a feed timestamp newer than the stored one', () => {
    expect(shouldMarkChecked(1_700_000_001, parseLastChecked('1700000000'))).toBe(true);
    expect(shouldMarkChecked(1_700_000_000, parseLastChecked('1700000000'))).toBe(false);
    expect(parseLastChecked('garbage')).toBeNull();
    expect(parseLastChecked(null)).toBeNull();
  });

  it('R-002-activity-2: the banner shows only if unread counts exist', () => {
    expect(loaded(counts({ comment_likes: 1 })).visible).toBe(true);
    expect(loaded(ZERO_COUNTS).visible).toBe(false);
  });

  it('R-002-activity-3: the mark-feed-checked call sends the feed timestamp', () => {
    expect(markCheckedFields(1_700_000_123)).toEqual({ timestamp: 1_700_000_123 });
  });
});
