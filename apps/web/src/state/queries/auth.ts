import { CSRF_FORM_FIELD, type LoginResult, type SignupAttemptResult, type SignupResult } from '@shutter/contract';
import { apiPost, type FormFields } from '../../lib/api';
import { csrfToken } from '../../lib/csrf';
import { usePageData } from '../../lib/page-data';

/** The auth resource: the landing page, logging in and out, signing up, and a forgotten password. */

/** `/` logged out: what the login and signup forms start from (captcha, prefill, terms version). */
export const useLandingPage = () => usePageData('/', { result: (r) => r.pageData.home });

/**
 * The login page as a refused form post (no script) answered it: what was typed and why it was
 * refused, for the form's first render only (the page data of that answer seeds it).
 */
export const postedLoginKey = ['login-form-post'] as const;

/** `captcha`: the solved proof-of-work payload, once failed logins ask for it. */
export const logIn = (username: string, password: string, captcha?: string | null) =>
  apiPost<LoginResult>('/accounts/login/ajax/', { username, password, ...(captcha ? { captcha } : {}) }, { result: (r) => r.loginSucceeded });

/** Spec 002 §7: a form post with the csrf token. */
export const logOut = () => apiPost('/accounts/logout/', { [CSRF_FORM_FIELD]: csrfToken() }, { result: (r) => r.ok });

/** A dry run of the signup form: its field errors and username suggestions, no account made. */
export const attemptSignup = (values: FormFields) =>
  apiPost<SignupAttemptResult>('/accounts/web_create_ajax/attempt/', { ...values, opt_into_one_tap: false }, { result: (r) => r.signupAttemptPassed.or(r.signupAttemptProblems) });

export const signUp = (values: FormFields) =>
  apiPost<SignupResult>('/accounts/web_create_ajax/', { ...values, opt_into_one_tap: false }, { result: (r) => r.signupCreated });

/** Sends a login link by email; the answer's message says where it went. */
export const sendPasswordReset = (emailOrUsername: string) =>
  apiPost('/accounts/account_recovery_send_ajax/', { email_or_username: emailOrUsername }, { result: (r) => r.resetSent });

/** The emailed link's new password (`uid`, `token`, `new_password1`, `new_password2`). */
export const confirmPasswordReset = (fields: FormFields) => apiPost('/accounts/password/reset/confirm/', fields, { result: (r) => r.ok });
