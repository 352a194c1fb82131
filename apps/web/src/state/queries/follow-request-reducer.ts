/** Spec 000 §3/§4: a follow request's state (R-000-follow-requests-1). */
export const FOLLOW_REQUEST_STATES = ['pending', 'approving', 'approved', 'ignoring', 'error'] as const;
export type FollowRequestState = (typeof FOLLOW_REQUEST_STATES)[number];

/** The requests the viewer acted on; a request not listed is pending, one in `removed` is gone. */
export interface FollowRequestsState {
  states: Readonly<Record<string, FollowRequestState>>;
  removed: readonly string[];
}

export type FollowRequestAction =
  | { type: 'approve'; id: string }
  | { type: 'approveSucceeded'; id: string }
  | { type: 'approveFailed'; id: string }
  | { type: 'ignore'; id: string }
  | { type: 'ignoreSucceeded'; id: string }
  | { type: 'ignoreFailed'; id: string };

export const initialFollowRequests: FollowRequestsState = { states: {}, removed: [] };

/** A request's state, or null once it was removed (ignored). */
export function requestState(state: FollowRequestsState, id: string): FollowRequestState | null {
  if (state.removed.includes(id)) return null;
  return state.states[id] ?? 'pending';
}

function move(state: FollowRequestsState, id: string, from: FollowRequestState, to: FollowRequestState | 'removed'): FollowRequestsState {
  // Only the expected state moves on: a doubled click or a late answer leaves the request as it is.
  if (requestState(state, id) !== from) return state;
  if (to === 'removed') {
    const states = { ...state.states };
    delete states[id];
    return { states, removed: [...state.removed, id] };
  }
  return { ...state, states: { ...state.states, [id]: to } };
}

/**
 * Approve: pending → approving → approved, a failure back to pending. Ignore: pending → ignoring →
 * removed, a failure back to pending.
 */
export function followRequestReducer(state: FollowRequestsState, action: FollowRequestAction): FollowRequestsState {
  switch (action.type) {
    case 'approve':
      return move(state, action.id, 'pending', 'approving');
    case 'approveSucceeded':
      return move(state, action.id, 'approving', 'approved');
    case 'approveFailed':
      return move(state, action.id, 'approving', 'pending');
    case 'ignore':
      return move(state, action.id, 'pending', 'ignoring');
    case 'ignoreSucceeded':
      return move(state, action.id, 'ignoring', 'removed');
    case 'ignoreFailed':
      return move(state, action.id, 'ignoring', 'pending');
  }
}
