import { describe, expect, it } from 'vitest';
import { initialLeaveState, leaveErrorOf, leaveReducer, type LeaveEvent, type LeaveState } from './leave-reducer';

const run = (events: LeaveEvent[], from: LeaveState = initialLeaveState) => events.reduce(leaveReducer, from);

describe('leave reducer', () => {
  it('asks for confirmation before sending; cancel goes back to the form', () => {
    expect(run([{ type: 'ask' }])).toEqual({ step: 'confirm' });
    expect(run([{ type: 'ask' }, { type: 'cancel' }])).toEqual(initialLeaveState);
    expect(run([{ type: 'send' }])).toEqual(initialLeaveState);
    expect(run([{ type: 'ask' }, { type: 'send' }])).toEqual({ step: 'sending' });
  });

  it('R-001-account-4: a success ends the flow (the screen then goes to the login with source deactivate)', () => {
    expect(run([{ type: 'ask' }, { type: 'send' }, { type: 'succeeded' }])).toEqual({ step: 'done' });
  });

  it('R-001-account-5: a failure shows the server message, with no retry; an internal error offers retry', () => {
    const wrong = leaveErrorOf(400, 'Your password was entered incorrectly.', 'Something went wrong');
    expect(wrong).toEqual({ message: 'Your password was entered incorrectly.', retry: false });
    const failed = run([{ type: 'ask' }, { type: 'send' }, { type: 'failed', error: wrong }]);
    expect(failed).toEqual({ step: 'form', error: wrong });
    expect(leaveReducer(failed, { type: 'send' })).toBe(failed);

    const internal = leaveErrorOf(500, null, 'Something went wrong');
    expect(internal).toEqual({ message: 'Something went wrong', retry: true });
    expect(leaveErrorOf(0, null, 'offline').retry).toBe(true);
    const retryable = run([{ type: 'ask' }, { type: 'send' }, { type: 'failed', error: internal }]);
    expect(leaveReducer(retryable, { type: 'send' })).toEqual({ step: 'sending' });
  });

  it('R-000-deactivation-1: the error message stays until the person edits the form', () => {
    const error = leaveErrorOf(400, 'Nope', 'x');
    const failed = run([{ type: 'ask' }, { type: 'send' }, { type: 'failed', error }]);
    expect(failed).toMatchObject({ error: { message: 'Nope' } });
    expect(leaveReducer(failed, { type: 'edit' })).toEqual(initialLeaveState);
  });

  it('ignores events out of turn', () => {
    expect(leaveReducer({ step: 'done' }, { type: 'failed', error: { message: 'x', retry: true } })).toEqual({ step: 'done' });
    expect(leaveReducer(initialLeaveState, { type: 'succeeded' })).toBe(initialLeaveState);
  });
});
