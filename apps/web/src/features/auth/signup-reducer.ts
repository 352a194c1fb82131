import type { FieldErrors, SignupField } from '@shutter/contract';

/** The contract's signupFields, restated so the client bundle does not load zod (a test checks they match). */
export const SIGNUP_FIELDS: readonly SignupField[] = ['email', 'username', 'password', 'first_name'];

/** Spec 000 §3 "Signup": each field has value, error and validated; we also track focus and visits. */
export interface SignupFieldState {
  value: string;
  error: string | null;
  validated: boolean;
  visited: boolean;
  focused: boolean;
}

export type SignupValues = Record<SignupField, string>;

export interface SignupState {
  fields: Record<SignupField, SignupFieldState>;
  usernameSuggestions: string[];
  submitting: boolean;
  /** A failure with no field errors (rate limit, server trouble). */
  formError: string | null;
}

export type SignupAction =
  | { type: 'change'; field: SignupField; value: string }
  | { type: 'focus'; field: SignupField }
  | { type: 'blur'; field: SignupField }
  | { type: 'dryRunResult'; values: SignupValues; errors: FieldErrors; suggestions: string[] }
  | { type: 'submit' }
  | { type: 'submitFailed'; errors: FieldErrors; suggestions: string[]; message: string }
  | { type: 'submitSucceeded' }
  | { type: 'pickSuggestion'; username: string };

const emptyField = (): SignupFieldState => ({ value: '', error: null, validated: false, visited: false, focused: false });

export function initialSignupState(): SignupState {
  return {
    fields: { email: emptyField(), username: emptyField(), password: emptyField(), first_name: emptyField() },
    usernameSuggestions: [],
    submitting: false,
    formError: null,
  };
}

function mapFields(state: SignupState, update: (field: SignupField, current: SignupFieldState) => SignupFieldState): SignupState {
  const fields = { ...state.fields };
  for (const field of SIGNUP_FIELDS) fields[field] = update(field, state.fields[field]);
  return { ...state, fields };
}

export function signupReducer(state: SignupState, action: SignupAction): SignupState {
  switch (action.type) {
    case 'change': {
      const current = state.fields[action.field];
      return { ...state, formError: null, fields: { ...state.fields, [action.field]: { ...current, value: action.value, validated: false } } };
    }
    case 'focus':
      return { ...state, fields: { ...state.fields, [action.field]: { ...state.fields[action.field], focused: true } } };
    case 'blur':
      return { ...state, fields: { ...state.fields, [action.field]: { ...state.fields[action.field], focused: false, visited: true } } };
    case 'dryRunResult': {
      // Fields edited since the request was sent keep their state until the next dry run.
      const next = mapFields(state, (field, current) => {
        if (current.value !== action.values[field]) return current;
        const error = action.errors[field]?.[0] ?? null;
        return { ...current, error, validated: !error && current.value.trim() !== '' };
      });
      return { ...next, usernameSuggestions: action.errors.username?.length ? action.suggestions : [] };
    }
    case 'submit':
      return { ...state, submitting: true, formError: null };
    case 'submitFailed': {
      const hasFieldErrors = SIGNUP_FIELDS.some((field) => action.errors[field]?.length);
      const next = mapFields(state, (field, current) => {
        const error = action.errors[field]?.[0] ?? null;
        return error ? { ...current, error, validated: false, visited: true } : current;
      });
      return {
        ...next,
        submitting: false,
        formError: hasFieldErrors ? null : action.message,
        usernameSuggestions: action.errors.username?.length ? action.suggestions : state.usernameSuggestions,
      };
    }
    case 'submitSucceeded':
      return { ...state, submitting: false };
    case 'pickSuggestion':
      return {
        ...state,
        usernameSuggestions: [],
        fields: { ...state.fields, username: { ...state.fields.username, value: action.username, error: null, validated: false, visited: true } },
      };
    default:
      return state;
  }
}

/** Spec 000 §5 (R-000-signup-3): a field shows its error only while focused or once visited. */
export function visibleError(field: SignupFieldState): string | null {
  return field.error && (field.focused || field.visited) ? field.error : null;
}

export function signupValues(state: SignupState): SignupValues {
  return {
    email: state.fields.email.value,
    username: state.fields.username.value,
    password: state.fields.password.value,
    first_name: state.fields.first_name.value,
  };
}

export function canSubmitSignup(state: SignupState): boolean {
  return !state.submitting && SIGNUP_FIELDS.every((field) => state.fields[field].value.trim() !== '');
}
