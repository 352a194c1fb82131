/** Spec 000 §4 "Login": the request in flight, submissionCount and the server's error text. */
export interface LoginState {
  username: string;
  password: string;
  requestInFlight: boolean;
  submissionCount: number;
  errorMessage: string | null;
}

export type LoginAction =
  | { type: 'change'; field: 'username' | 'password'; value: string }
  | { type: 'submit' }
  | { type: 'success' }
  | { type: 'failure'; message: string };

export function initialLoginState(username = ''): LoginState {
  return { username, password: '', requestInFlight: false, submissionCount: 0, errorMessage: null };
}

export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'change':
      return { ...state, [action.field]: action.value };
    case 'submit':
      return { ...state, requestInFlight: true, errorMessage: null };
    case 'success':
      return { ...state, requestInFlight: false, errorMessage: null };
    case 'failure':
      return { ...state, requestInFlight: false, submissionCount: state.submissionCount + 1, errorMessage: action.message };
    default:
      return state;
  }
}

export function canSubmitLogin(state: LoginState): boolean {
  return state.username.trim() !== '' && state.password !== '' && !state.requestInFlight;
}
