import { describe, expect, it, vi } from 'vitest';
import { AUTH_FORM_TYPES, authFormReducer, checkedAuthFormType, chooseLandingFormType, isAuthFormType, loginRefusedEvent, oneTapEligible, type AuthFormType } from './auth-form-type';

describe('auth form type', () => {
  it('R-000-auth-1: the auth form type is one of the eight known types', () => {
    expect([...AUTH_FORM_TYPES].sort()).toEqual(['captcha', 'fbLogin', 'login', 'multiStepSignup', 'none', 'oneTapLogin', 'signup', 'twoFactor']);
    expect(isAuthFormType('signup')).toBe(true);
    expect(isAuthFormType('register')).toBe(false);
  });

  it('R-000-auth-2: the landing page chooses one-tap login when its data offers a saved account', () => {
    const saved = { one_tap_accounts: [{ user_id: '1', username: 'ana', profile_pic_url: '/a.jpg', login_nonce: 'n' }] };
    expect(chooseLandingFormType({ oneTapEligible: oneTapEligible(saved), isMobile: false })).toBe('oneTapLogin');
    expect(chooseLandingFormType({ oneTapEligible: oneTapEligible(saved), isMobile: true })).toBe('oneTapLogin');
    expect(oneTapEligible({ one_tap_accounts: [] })).toBe(false);
    expect(oneTapEligible(undefined)).toBe(false);
  });

  it('R-000-auth-3: without one-tap, the landing page chooses signup on desktop', () => {
    expect(chooseLandingFormType({ oneTapEligible: false, isMobile: false })).toBe('signup');
  });

  it('R-000-auth-4: without one-tap, the landing page chooses none on mobile', () => {
    expect(chooseLandingFormType({ oneTapEligible: false, isMobile: true })).toBe('none');
  });

  it('the reducer sends an unavailable facebook login back to login or signup (facebook login is not built yet)', () => {
    expect(authFormReducer('fbLogin', { type: 'fbLoginUnavailable', hasAccount: true })).toBe('login');
    expect(authFormReducer('fbLogin', { type: 'fbLoginUnavailable', hasAccount: false })).toBe('signup');
  });

  it('R-000-auth-6: a two-factor challenge moves the form to twoFactor', () => {
    expect(authFormReducer('login', { type: 'twoFactorRequired' })).toBe('twoFactor');
    // The login form's path: the server's refusal that asks for a code, and one that does not.
    const challenge = { authenticated: false, two_factor_required: true, two_factor_info: { two_factor_identifier: 'x', username: 'ana' }, status: 'fail' };
    expect(authFormReducer('login', loginRefusedEvent(challenge)!)).toBe('twoFactor');
    expect(loginRefusedEvent({ authenticated: false, status: 'fail', message: 'Sorry' })).toBeNull();
    expect(loginRefusedEvent(null)).toBeNull();
  });

  // R-000-auth-7 itself is e2e/captcha.e2e.ts, through the real login form.
  it('a login refusal that asks for the captcha moves the form to captcha', () => {
    expect(authFormReducer('signup', { type: 'captchaRequired' })).toBe('captcha');
    const refusal = { authenticated: false, captcha_required: true, captcha_challenge: { parameters: {} }, status: 'fail', message: 'Sorry' };
    expect(authFormReducer('login', loginRefusedEvent(refusal)!)).toBe('captcha');
  });

  it('R-000-auth-8: a failed signup returns the form to signup', () => {
    expect(authFormReducer('captcha', { type: 'signupFailed' })).toBe('signup');
    expect(authFormReducer('multiStepSignup', { type: 'signupFailed' })).toBe('signup');
  });

  it('R-000-auth-12: an unknown auth form type is logged and replaced by the fallback', () => {
    const log = vi.fn();
    expect(checkedAuthFormType('bogus', 'none', log)).toBe('none');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('bogus'));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(authFormReducer('login', { type: 'show', formType: 'weird' as AuthFormType })).toBe('login');
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
    log.mockClear();
    expect(checkedAuthFormType('login', 'none', log)).toBe('login');
    expect(log).not.toHaveBeenCalled();
  });
});
