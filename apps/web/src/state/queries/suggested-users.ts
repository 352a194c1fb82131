import { SUGGESTED_USERS_DESKTOP, SUGGESTED_USERS_MOBILE, type CodedMessage, type UserSummary } from '@shutter/contract';

/** Spec 000 §9: how many suggestions to fetch for each surface. */
export const MOBILE_FETCH_COUNT = SUGGESTED_USERS_MOBILE;
export const DESKTOP_FEED_FETCH_COUNT = SUGGESTED_USERS_DESKTOP;
/** The desktop column shows the first few; "See all" leads to /explore/people/. */
export const COLUMN_LIMIT = 5;

export type SuggestionSurface = 'mobile' | 'desktopFeed';

export function suggestedFetchCount(surface: SuggestionSurface): number {
  return surface === 'mobile' ? MOBILE_FETCH_COUNT : DESKTOP_FEED_FETCH_COUNT;
}

export interface Suggestion {
  user: UserSummary & { followed_by_viewer?: boolean };
  description: string | null;
  /** The description by code, in the reader's language when the client knows it. */
  description_message?: CodedMessage | null;
  social_context: string | null;
}

export type SuggestionsState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: Suggestion[] };

/** Spec 000 §8: an empty answer or a failed request marks the list failed (the unit hides). */
export function suggestionsState(result: { isError: boolean; items: Suggestion[] | undefined }): SuggestionsState {
  if (result.isError) return { status: 'failed' };
  if (!result.items) return { status: 'loading' };
  if (result.items.length === 0) return { status: 'failed' };
  return { status: 'loaded', items: result.items };
}

/** Where a dismissal comes from: the feed's unit/column or a profile's chaining list (R-000-suggested-users-4). */
export type DismissSource = 'feed' | 'chaining';

/** The list without the dismissed accounts; dismissing the last one leaves the list failed (hidden). */
export function withoutDismissed(state: SuggestionsState, dismissed: ReadonlySet<string>): SuggestionsState {
  if (state.status !== 'loaded') return state;
  return suggestionsState({ isError: false, items: state.items.filter((item) => !dismissed.has(item.user.id)) });
}

/** The body of `POST /web/discover/dismiss_suggestion/`; the same call from every surface. */
export function dismissFields(userId: string, source: DismissSource): { target_id: string } {
  void source;
  return { target_id: userId };
}
