import { z } from 'zod';
import { formBoolean } from './form-fields.js';
import { isId } from './ids.js';
import type { CodedMessage } from './messages.js';
import type { LoginTwoFactorRequired } from './two-factor.js';
import { captchaField, type LoginCaptchaRequired } from './captcha.js';
import type { AccountSuspendedAnswer } from './moderation.js';
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './constants.js';


/**
 * The signup body. Fields are loosely typed here (strings of bounded length) so that the
 * service can answer every rule per field, as the dry run needs; see validateSignup.
 */
export const signupBody = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH * 2).default(''),
  username: z.string().max(200).default(''),
  password: z.string().max(PASSWORD_MAX_LENGTH * 2).default(''),
  first_name: z.string().max(FULL_NAME_MAX_LENGTH * 2).default(''),
  /** The birthday as three numbers (spec 000: multi-step signup's birthday step); checked by the service. */
  month: z.string().max(4).default(''),
  day: z.string().max(4).default(''),
  year: z.string().max(6).default(''),
  /** A phone signup (spec 000: contactPointType phone) gives these instead of an email. */
  phone_number: z.string().max(40).default(''),
  sms_code: z.string().max(20).default(''),
  /** Only under the operator's consent age: the parent who approves the account. */
  parent_email: z.string().max(EMAIL_MAX_LENGTH * 2).default(''),
  opt_into_one_tap: formBoolean.default(false),
  /** Where the operator requires consent (GDPR_REQUIRED): the person ticked "I agree to the terms and the data policy". */
  tos_consent: formBoolean.optional(),
  /** The solved proof-of-work check, when the operator asks for it at signup (SIGNUP_CAPTCHA). */
  captcha: captchaField,
});
export type SignupBody = z.infer<typeof signupBody>;
export const signupFields = ['email', 'username', 'password', 'first_name'] as const;
export type SignupField = (typeof signupFields)[number];
/** The birthday step's fields, whose errors come with the others'. */
export type BirthdayField = 'birthday' | 'parent_email' | 'phone_number' | 'sms_code' | 'tos_consent';
export type FieldErrors = Partial<Record<SignupField | BirthdayField, string[]>>;

export type SignupAttemptResult =
  | { account_created: false; dryrun_passed: true; username_suggestions: string[]; status: 'ok' }
  | { account_created: false; dryrun_passed: false; errors: FieldErrors; error_codes: Record<string, CodedMessage[]>; error_type: 'form_validation_error'; username_suggestions: string[]; status: 'ok' };
export type SignupResult =
  | { account_created: true; user_id: string; status: 'ok'; parental_consent_required?: true }
  | { account_created: false; errors: FieldErrors; username_suggestions: string[]; status: 'fail'; message: string };

/** A parent's answer to the mailed link (its id and nonce are the link's last two segments). */
/** Spec 000 "Phone signup": a code to the number, then its check. */
export const signupPhoneCodeBody = z.object({ phone_number: z.string().max(40) });
export const signupPhoneVerifyBody = z.object({ phone_number: z.string().max(40), sms_code: z.string().max(20) });

export const parentalConsentBody = z.object({
  consent_id: z.string().max(40),
  nonce: z.string().max(200),
});
export const parentalConsentAnswerBody = parentalConsentBody.extend({
  decision: z.enum(['approved', 'not_parent'], { error: 'Choose approve, or not their parent.' }),
});

export const loginBody = z.object({
  username: z.string().min(1, 'Enter your username or email.').max(254),
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH * 2),
  /** The solved proof-of-work check, once failed logins ask for it (captcha.ts). */
  captcha: captchaField,
});
export type LoginBody = z.infer<typeof loginBody>;
export type LoginResult =
  // `reactivated`: the login brought back an account its person had deactivated or asked to delete.
  | { authenticated: true; user: true; userId: string; status: 'ok'; reactivated?: true }
  // The same answer whether the account exists or not.
  | { authenticated: false; status: 'fail'; message: string; parental_consent_pending?: true }
  // The password was right; the second step is pending (two-factor.ts).
  | LoginTwoFactorRequired
  // Too many failures: nothing is checked until a solved challenge comes with the login.
  | LoginCaptchaRequired
  // The password was right and a moderator suspended the account (moderation.ts).
  | AccountSuspendedAnswer;

export const passwordChangeBody = z.object({
  old_password: z.string().max(PASSWORD_MAX_LENGTH * 2),
  new_password1: z.string().max(PASSWORD_MAX_LENGTH * 2),
  new_password2: z.string().max(PASSWORD_MAX_LENGTH * 2),
});
export type PasswordChangeField = 'old_password' | 'new_password1' | 'new_password2';

export const passwordResetRequestBody = z.object({
  email_or_username: z.string().min(1, 'Enter your email or username.').max(254),
});
export const passwordResetConfirmBody = z.object({
  uid: z.string().min(1).max(40),
  token: z.string().min(1).max(200),
  new_password1: z.string().max(PASSWORD_MAX_LENGTH * 2),
  new_password2: z.string().max(PASSWORD_MAX_LENGTH * 2),
});

export const logoutSessionBody = z.object({ session_id: z.string().refine(isId, 'Unknown session.') });
/** "This was me", its undo, and "This wasn't me" on a suspicious login. */
export const suspiciousLoginBody = z.object({ login_id: z.string().refine(isId, 'Unknown login.') });
