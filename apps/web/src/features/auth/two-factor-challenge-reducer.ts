/**
 * The login's two-factor challenge: the code typed and checked, and, with texted codes, what the
 * page says of them. The login texted the first code, so the page opens on "sent"; a code asked
 * for again says "resent" when the service says one had been sent before (R-000-two-factor-3,
 * R-000-two-factor-4). A failed check or request shows the server's message or a generic one
 * (R-000-two-factor-1, R-000-two-factor-2); `failures` counts them all, so the same message again
 * is still announced.
 */
export type CodeNotice = 'sent' | 'resent' | null;

export interface ChallengeState {
  notice: CodeNotice;
  requesting: boolean;
  submitting: boolean;
  error: string | null;
  failures: number;
}

export type ChallengeEvent =
  | { type: 'request' }
  | { type: 'sent'; resent: boolean }
  | { type: 'requestFailed'; error: string }
  | { type: 'submit' }
  | { type: 'verifyFailed'; error: string }
  | { type: 'switchMethod' };

export const initialChallenge = (texted: boolean): ChallengeState => ({ notice: texted ? 'sent' : null, requesting: false, submitting: false, error: null, failures: 0 });

const failed = (state: ChallengeState, error: string): ChallengeState => ({ ...state, requesting: false, submitting: false, error, failures: state.failures + 1 });

export function challengeReducer(state: ChallengeState, event: ChallengeEvent): ChallengeState {
  switch (event.type) {
    case 'request':
      return state.requesting ? state : { ...state, requesting: true, error: null };
    case 'sent':
      return { ...state, requesting: false, notice: event.resent ? 'resent' : 'sent', error: null };
    case 'requestFailed':
      return failed(state, event.error);
    case 'submit':
      return state.submitting ? state : { ...state, submitting: true, error: null };
    case 'verifyFailed':
      return failed(state, event.error);
    case 'switchMethod':
      return { ...state, error: null };
  }
}
