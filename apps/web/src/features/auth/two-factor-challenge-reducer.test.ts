import { describe, expect, it } from 'vitest';
import { challengeReducer, initialChallenge, type ChallengeEvent, type ChallengeState } from './two-factor-challenge-reducer';

const run = (state: ChallengeState, ...events: ChallengeEvent[]) => events.reduce(challengeReducer, state);

describe('the two-factor challenge', () => {
  it('opens on "sent" with texted codes, and on nothing without', () => {
    expect(initialChallenge(true).notice).toBe('sent');
    expect(initialChallenge(false).notice).toBeNull();
  });

  it('says "resent" only when the service says a code had been sent before', () => {
    expect(run(initialChallenge(true), { type: 'request' }, { type: 'sent', resent: true }).notice).toBe('resent');
    expect(run(initialChallenge(false), { type: 'request' }, { type: 'sent', resent: false }).notice).toBe('sent');
  });

  it('keeps the notice through a failed request, shows the error, and counts repeated failures', () => {
    const once = run(initialChallenge(true), { type: 'request' }, { type: 'requestFailed', error: 'Please wait 40 seconds before you ask for another code.' });
    expect(once).toMatchObject({ notice: 'sent', requesting: false, error: 'Please wait 40 seconds before you ask for another code.', failures: 1 });
    const twice = run(once, { type: 'submit' }, { type: 'verifyFailed', error: 'Wrong code.' });
    expect(twice).toMatchObject({ submitting: false, error: 'Wrong code.', failures: 2 });
    expect(run(twice, { type: 'request' }).error).toBeNull();
  });

  it('ignores a second request or submit while one is under way', () => {
    const requesting = run(initialChallenge(true), { type: 'request' });
    expect(challengeReducer(requesting, { type: 'request' })).toBe(requesting);
    const submitting = run(initialChallenge(true), { type: 'submit' });
    expect(challengeReducer(submitting, { type: 'submit' })).toBe(submitting);
  });
});
