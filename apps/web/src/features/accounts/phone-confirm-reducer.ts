/**
 * The phone confirmation flow (R-001-phone-confirm-1): the number form, the code requested, the
 * code sent (the form gives way to the code field, R-001-phone-confirm-2), the code submitted, then
 * confirmed or refused (back to the code field with the error).
 */
export type PhoneConfirmState =
  | { step: 'form'; requesting: boolean; error?: string }
  | { step: 'code'; phone: string; resent: boolean; sentAt: number; submitting: boolean; requesting: boolean; error?: string }
  | { step: 'confirmed'; phone: string };

export type PhoneConfirmEvent =
  | { type: 'request' }
  | { type: 'sent'; phone: string; resent: boolean; at: number }
  | { type: 'requestFailed'; error: string }
  | { type: 'submit' }
  | { type: 'verified'; phone: string }
  | { type: 'verifyFailed'; error: string }
  | { type: 'change' };

export const initialPhoneConfirm: PhoneConfirmState = { step: 'form', requesting: false };

export function phoneConfirmReducer(state: PhoneConfirmState, event: PhoneConfirmEvent): PhoneConfirmState {
  switch (event.type) {
    case 'request':
      return state.step === 'confirmed' ? state : { ...state, requesting: true, error: undefined };
    case 'sent':
      return { step: 'code', phone: event.phone, resent: event.resent, sentAt: event.at, submitting: false, requesting: false };
    case 'requestFailed':
      return state.step === 'confirmed' ? state : { ...state, requesting: false, error: event.error };
    case 'submit':
      return state.step === 'code' ? { ...state, submitting: true, error: undefined } : state;
    case 'verified':
      return { step: 'confirmed', phone: event.phone };
    case 'verifyFailed':
      return state.step === 'code' ? { ...state, submitting: false, error: event.error } : state;
    case 'change':
      return initialPhoneConfirm;
  }
}
