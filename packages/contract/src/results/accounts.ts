import { z } from 'zod';
import { codedMessage, failure, idString } from './common.js';

/** Answers of signup, login and the account's settings. */

const fieldErrors = z.record(z.string(), z.array(z.string()));
const fieldErrorCodes = z.record(z.string(), z.array(codedMessage));

export const signupAttemptPassed = z.object({
  account_created: z.literal(false),
  dryrun_passed: z.literal(true),
  username_suggestions: z.array(z.string()),
  status: z.literal('ok'),
}).meta({ id: 'SignupCheck' });

/**
 * A dry run that found problems still did its job: it answers 200 with the problems per field, so
 * a form checking as a person types does not fill the browser's console with failed requests.
 */
export const signupAttemptProblems = z.object({
  account_created: z.literal(false),
  dryrun_passed: z.literal(false),
  errors: fieldErrors,
  error_codes: fieldErrorCodes,
  error_type: z.literal('form_validation_error'),
  username_suggestions: z.array(z.string()),
  status: z.literal('ok'),
}).meta({ id: 'SignupCheckProblems' });

/** A signup (or its dry run) refused: the problems per field, and usernames that are free. */
export const signupRefused = failure.extend({
  account_created: z.literal(false),
  dryrun_passed: z.literal(false).optional(),
  errors: fieldErrors,
  error_codes: fieldErrorCodes,
  username_suggestions: z.array(z.string()),
}).meta({ id: 'SignupRefused' });

export const signupCreated = z.object({
  account_created: z.literal(true),
  user_id: idString,
  // A minor under the operator's consent age: the account waits for a parent and has no session yet.
  parental_consent_required: z.literal(true).optional(),
  status: z.literal('ok'),
}).meta({ id: 'SignupCreated' });

export const loginSucceeded = z.object({ authenticated: z.literal(true), user: z.literal(true), userId: idString, status: z.literal('ok'), reactivated: z.literal(true).optional() }).meta({ id: 'LoginSucceeded' });
/** The same answer whether the account exists or not. */
export const loginRefused = z.object({
  authenticated: z.literal(false),
  status: z.literal('fail'),
  message: z.string(),
  // The password was right, and the account still waits for a parent's approval.
  parental_consent_pending: z.literal(true).optional(),
}).meta({ id: 'LoginRefused' });

/** A phone signup's code was right: the signup may use the number. */
export const signupPhoneVerified = z.object({ phone_number: z.string(), verified: z.literal(true), status: z.literal('ok') }).meta({ id: 'SignupPhoneVerified' });

/** Who asks a parent's approval, as the link's page shows it. */
export const parentalConsentRequest = z.object({ username: z.string(), full_name: z.string(), status: z.literal('ok') }).meta({ id: 'ParentalConsentRequest' });

export const resetSent = z.object({ status: z.literal('ok'), message: z.string() });

export const profilePicture = z.object({
  changed_profile: z.literal(true),
  profile_pic_url: z.string(),
  profile_pic_url_hd: z.string(),
  has_profile_pic: z.boolean(),
  profile_pic_to_post_upsell_eligible: z.boolean().optional(),
  status: z.literal('ok'),
}).meta({ id: 'ProfilePicture' });

/** The gender as saved: 1 male, 2 female, 3 prefer not to say, 4 custom (with its words). */
export const genderAnswer = z.object({ gender: z.number().int(), custom_gender: z.string(), status: z.literal('ok') }).meta({ id: 'GenderAnswer' });

export const privacySet = z.object({ is_private: z.boolean(), status: z.literal('ok') });
/** Switching privacy too often: 429 with the dialog's title and text. */
export const privacyRestricted = failure.extend({
  has_private_public_switch_restriction: z.literal(true),
  privacy_rate_limit_dialog_title: z.string(),
  privacy_rate_limit_dialog_message: z.string(),
}).meta({ id: 'PrivacyRestricted' });

export const followAnswer = z.object({ result: z.enum(['following', 'requested']), status: z.literal('ok') });

/** The edit-profile form's values. */
export const profileForm = z.object({
  first_name: z.string(),
  username: z.string(),
  biography: z.string(),
  external_url: z.string(),
  email: z.string(),
  phone_number: z.string(),
  gender: z.number().int(),
  custom_gender: z.string(),
  chaining_enabled: z.boolean(),
  /** Whether the current email was confirmed by its link, and the phone number by a texted code. */
  is_email_confirmed: z.boolean(),
  is_phone_confirmed: z.boolean(),
}).meta({ id: 'ProfileForm' });

export type SignupRefused = z.infer<typeof signupRefused>;
export type ProfilePictureAnswer = z.infer<typeof profilePicture>;
export type PrivacyRestricted = z.infer<typeof privacyRestricted>;
export type FollowAnswer = z.infer<typeof followAnswer>;
export type ProfileForm = z.infer<typeof profileForm>;
