/**
 * The deactivate and delete screens: the form, then a confirmation, then the request. A failure
 * shows the server's message when it sent one (a wrong password), otherwise an internal error
 * that offers Retry (R-001-account-5, R-000-deactivation-1).
 */
export type LeaveState =
  | { step: 'form'; error: LeaveError | null }
  | { step: 'confirm' }
  | { step: 'sending' }
  | { step: 'done' };

export interface LeaveError {
  message: string;
  /** Nothing the person typed was wrong: the same request may go again. */
  retry: boolean;
}

export type LeaveEvent =
  | { type: 'ask' }
  | { type: 'cancel' }
  | { type: 'send' }
  | { type: 'succeeded' }
  | { type: 'failed'; error: LeaveError }
  | { type: 'edit' };

export const initialLeaveState: LeaveState = { step: 'form', error: null };

export function leaveReducer(state: LeaveState, event: LeaveEvent): LeaveState {
  switch (event.type) {
    case 'ask':
      return state.step === 'form' ? { step: 'confirm' } : state;
    case 'cancel':
      return state.step === 'confirm' ? { step: 'form', error: null } : state;
    case 'send':
      return state.step === 'confirm' || (state.step === 'form' && state.error?.retry) ? { step: 'sending' } : state;
    case 'succeeded':
      return state.step === 'sending' ? { step: 'done' } : state;
    case 'failed':
      return state.step === 'sending' ? { step: 'form', error: event.error } : state;
    case 'edit':
      return state.step === 'form' && state.error ? { step: 'form', error: null } : state;
  }
}

/** What a failed request tells the person: the server's own words for what they can fix, else an internal error. */
export function leaveErrorOf(status: number, serverMessage: string | null, internal: string): LeaveError {
  if (status >= 400 && status < 500 && serverMessage) return { message: serverMessage, retry: false };
  return { message: internal, retry: true };
}
