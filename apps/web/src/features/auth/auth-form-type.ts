/** Spec 000 §4: the auth form shown by the landing and login screens. */
export const AUTH_FORM_TYPES = ['login', 'signup', 'fbLogin', 'oneTapLogin', 'twoFactor', 'captcha', 'multiStepSignup', 'none'] as const;
export type AuthFormType = (typeof AUTH_FORM_TYPES)[number];

export function isAuthFormType(value: unknown): value is AuthFormType {
  return typeof value === 'string' && (AUTH_FORM_TYPES as readonly string[]).includes(value);
}

/** One-tap login is eligible when the landing data offers an account this browser saved its login info for. */
export function oneTapEligible(landing: { one_tap_accounts?: readonly unknown[] } | undefined): boolean {
  return (landing?.one_tap_accounts?.length ?? 0) > 0;
}

/** Landing: one-tap login when eligible, otherwise signup on desktop and `none` (two buttons) on mobile. */
export function chooseLandingFormType({ oneTapEligible, isMobile }: { oneTapEligible: boolean; isMobile: boolean }): AuthFormType {
  if (oneTapEligible) return 'oneTapLogin';
  return isMobile ? 'none' : 'signup';
}

/** An unknown form type (from a URL, storage or the server) is logged and replaced by the fallback. */
export function checkedAuthFormType(
  value: unknown,
  fallback: AuthFormType,
  log: (...args: unknown[]) => void = console.error,
): AuthFormType {
  if (isAuthFormType(value)) return value;
  log(`Unknown auth form type: ${String(value)}`);
  return fallback;
}

export type AuthFormEvent =
  | { type: 'show'; formType: AuthFormType }
  | { type: 'twoFactorRequired' }
  | { type: 'captchaRequired' }
  | { type: 'signupFailed' }
  | { type: 'fbLoginUnavailable'; hasAccount: boolean };

/**
 * What a refused login moves the form to: the two-factor step when the password was right and a
 * code is due; the captcha when failed logins ask for the proof-of-work check.
 */
export function loginRefusedEvent(body: unknown): AuthFormEvent | null {
  const refusal = body as { two_factor_required?: unknown; captcha_required?: unknown } | null;
  if (refusal?.two_factor_required === true) return { type: 'twoFactorRequired' };
  return refusal?.captcha_required === true ? { type: 'captchaRequired' } : null;
}

export function authFormReducer(state: AuthFormType, event: AuthFormEvent): AuthFormType {
  switch (event.type) {
    case 'show':
      return checkedAuthFormType(event.formType, state);
    case 'twoFactorRequired':
      return 'twoFactor';
    case 'captchaRequired':
      return 'captcha';
    case 'signupFailed':
      return 'signup';
    case 'fbLoginUnavailable':
      return event.hasAccount ? 'login' : 'signup';
    default:
      return state;
  }
}
