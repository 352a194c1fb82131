import { describe, expect, it } from 'vitest';
import { FOLLOW_REQUEST_STATES, followRequestReducer, initialFollowRequests, requestState, type FollowRequestAction, type FollowRequestsState } from './follow-request-reducer';

const run = (...actions: FollowRequestAction[]): FollowRequestsState => actions.reduce(followRequestReducer, initialFollowRequests);

describe('follow request reducer', () => {
  it('R-000-follow-requests-1: a request is pending, approving, approved, ignoring or error', () => {
    expect(FOLLOW_REQUEST_STATES).toEqual(['pending', 'approving', 'approved', 'ignoring', 'error']);
    const sequences: FollowRequestAction['type'][][] = [['approve'], ['approve', 'approveSucceeded'], ['approve', 'approveFailed'], ['ignore'], ['ignore', 'ignoreFailed']];
    for (const types of sequences) {
      const state = requestState(run(...types.map((type) => ({ type, id: '7' }))), '7');
      expect(FOLLOW_REQUEST_STATES).toContain(state);
    }
    expect(requestState(initialFollowRequests, '7')).toBe('pending');
  });

  it('R-000-follow-requests-2: approving moves a request from pending to approving', () => {
    expect(requestState(run({ type: 'approve', id: '7' }), '7')).toBe('approving');
  });

  it('R-000-follow-requests-3: a successful approval moves it from approving to approved', () => {
    expect(requestState(run({ type: 'approve', id: '7' }, { type: 'approveSucceeded', id: '7' }), '7')).toBe('approved');
    // Success without an approval in flight changes nothing.
    expect(requestState(run({ type: 'approveSucceeded', id: '7' }), '7')).toBe('pending');
  });

  it('R-000-follow-requests-4: a failed approval returns it to pending', () => {
    expect(requestState(run({ type: 'approve', id: '7' }, { type: 'approveFailed', id: '7' }), '7')).toBe('pending');
  });

  it('R-000-follow-requests-5: ignoring moves a request from pending to ignoring', () => {
    expect(requestState(run({ type: 'ignore', id: '7' }), '7')).toBe('ignoring');
    // An approved request is no longer pending: it cannot be ignored.
    expect(requestState(run({ type: 'approve', id: '7' }, { type: 'approveSucceeded', id: '7' }, { type: 'ignore', id: '7' }), '7')).toBe('approved');
  });

  it('R-000-follow-requests-6: a successful ignore removes the request', () => {
    const state = run({ type: 'ignore', id: '7' }, { type: 'ignoreSucceeded', id: '7' });
    expect(requestState(state, '7')).toBeNull();
    expect(requestState(state, '8')).toBe('pending');
  });

  it('R-000-follow-requests-7: a failed ignore returns it to pending', () => {
    expect(requestState(run({ type: 'ignore', id: '7' }, { type: 'ignoreFailed', id: '7' }), '7')).toBe('pending');
  });

  it('each request moves on its own', () => {
    const state = run({ type: 'approve', id: '7' }, { type: 'ignore', id: '8' });
    expect(requestState(state, '7')).toBe('approving');
    expect(requestState(state, '8')).toBe('ignoring');
  });
});
