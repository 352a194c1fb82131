import { describe, expect, it } from 'vitest';
import { dismissFields, suggestedFetchCount, suggestionsState, withoutDismissed, type Suggestion } from './suggested-users';

const suggestion = (id: string): Suggestion => ({
  user: { id, username: `user${id}`, full_name: '', profile_pic_url: '', is_private: false, is_verified: false },
  description: null,
  social_context: null,
});

describe('suggested users', () => {
  it('R-000-suggested-users-1: an empty result or a failed request marks the list failed', () => {
    expect(suggestionsState({ isError: false, items: [] }).status).toBe('failed');
    expect(suggestionsState({ isError: true, items: undefined }).status).toBe('failed');
    expect(suggestionsState({ isError: true, items: [suggestion('1')] }).status).toBe('failed');
    expect(suggestionsState({ isError: false, items: undefined }).status).toBe('loading');
    expect(suggestionsState({ isError: false, items: [suggestion('1')] }).status).toBe('loaded');
  });

  it('R-000-suggested-users-2: the fetch count is 30 on mobile', () => {
    expect(suggestedFetchCount('mobile')).toBe(30);
  });

  it('R-000-suggested-users-3: the fetch count is 100 on the desktop feed fallback', () => {
    expect(suggestedFetchCount('desktopFeed')).toBe(100);
  });

  it('R-000-suggested-users-4: a suggestion can be dismissed from the feed and from chaining', () => {
    const state = suggestionsState({ isError: false, items: [suggestion('1'), suggestion('2')] });
    const after = withoutDismissed(state, new Set(['1']));
    expect(after.status === 'loaded' && after.items.map((item) => item.user.id)).toEqual(['2']);
    expect(withoutDismissed(state, new Set(['1', '2'])).status).toBe('failed');
    expect(dismissFields('1', 'feed')).toEqual({ target_id: '1' });
    expect(dismissFields('1', 'chaining')).toEqual({ target_id: '1' });
  });
});
