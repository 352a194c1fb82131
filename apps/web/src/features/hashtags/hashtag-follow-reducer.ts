/**
 * A hashtag's follow button and content advisory: following or unfollowing goes request, then
 * succeeded or failed. A request sets loading; success flips isFollowing; failure clears loading
 * and leaves isFollowing as it was. The advisory, once acknowledged, stays acknowledged.
 */
export interface HashtagState {
  isFollowing: boolean;
  loading: boolean;
  advisoryAcknowledged: boolean;
}

export type HashtagAction =
  | { type: 'followRequested' }
  | { type: 'followSucceeded' }
  | { type: 'followFailed' }
  | { type: 'advisoryAcknowledged' };

export const initialHashtagState = (isFollowing: boolean, advisoryAcknowledged: boolean): HashtagState => ({
  isFollowing,
  loading: false,
  advisoryAcknowledged,
});

export function hashtagReducer(state: HashtagState, action: HashtagAction): HashtagState {
  switch (action.type) {
    case 'followRequested':
      // One call at a time: a second click while one is in flight changes nothing.
      return state.loading ? state : { ...state, loading: true };
    case 'followSucceeded':
      return state.loading ? { ...state, loading: false, isFollowing: !state.isFollowing } : state;
    case 'followFailed':
      return state.loading ? { ...state, loading: false } : state;
    case 'advisoryAcknowledged':
      return state.advisoryAcknowledged ? state : { ...state, advisoryAcknowledged: true };
  }
}
