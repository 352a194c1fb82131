import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, MIN_SIGNUP_AGE, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from './constants.js';
import { COMMENT_MAX_LENGTH } from './posts.js';
import { DIRECT_GROUP_MAX_MEMBERS, DIRECT_TEXT_MAX_LENGTH, DIRECT_TITLE_MAX_LENGTH } from './direct.js';
import { CLOSE_FRIENDS_MAX, HIGHLIGHT_ITEMS_MAX, HIGHLIGHT_TITLE_MAX_LENGTH, HIGHLIGHTS_PER_ACCOUNT_MAX, STORY_VIDEO_MAX_SEC } from './stories.js';

/**
 * What the service tells people, by code: the English text (sent as `message`, for clients that
 * show it as it is) with `{name}` parameters. Failures also carry `code` and `params`, and field
 * errors `error_codes`, so the web client shows them in the reader's language from its catalogue.
 */
export const MESSAGE_TEXTS = {
  user_not_found: 'User not found.',
  private_account: 'This account is private.',
  blocked_account: 'You blocked this account. Unblock it to see its posts and lists.',
  post_not_found: 'Post not found.',
  login_required: 'Log in to continue.',
  wait_minutes: 'Please wait {minutes} minutes before you try again.',
  wait_minute: 'Please wait a minute before you try again.',
  wait_hour: 'Please wait an hour before you try again.',
  wait_hours: 'Please wait {hours} hours before you try again.',
  email_invalid: 'Enter a valid email address.',
  email_taken: 'Another account is using the same email.',
  username_empty: 'Enter a username.',
  username_chars: 'Usernames can only use letters, numbers, underscores and periods.',
  username_length: 'Enter a username of {max} characters or fewer.',
  username_period_edge: "You can't start or end a username with a period.",
  username_periods: "Usernames can't have more than one period in a row.",
  username_taken: "This username isn't available. Please try another.",
  password_short: 'Create a password at least {min} characters long.',
  password_long: 'Enter a password of {max} characters or fewer.',
  password_common: 'This password is too easy to guess. Please create a new one.',
  full_name_long: 'Enter a name of {max} characters or fewer.',
  email_long: 'Enter an email address of {max} characters or fewer.',
  check_fields: 'Check the highlighted fields and try again.',
  bio_long: 'Your bio can be at most {max} characters.',
  website_invalid: 'Enter a valid website address, such as example.com.',
  phone_invalid: 'Enter a valid phone number.',
  gender_choose: 'Choose one of the gender options.',
  gender_custom_empty: 'Enter your gender, or choose another option.',
  gender_custom_long: 'Enter at most {max} characters.',
  email_change_needs_password: 'Enter your current password to change your email.',
  password_wrong: 'Your password was entered incorrectly. Please enter it again.',
  old_password_wrong: 'Your old password was entered incorrectly. Please enter it again.',
  passwords_differ: 'Please make sure both passwords match.',
  password_reused: 'Create a new password that you haven’t used before.',
  birthday_required: 'Add your birthday.',
  birthday_invalid: 'Enter a real date of birth.',
  age_too_young: "Sorry, you can't sign up: you need to be at least {min} years old to use Shutter.",
  parent_email_required: "Enter a parent's email address: they will be asked to approve your account.",
  parent_email_own: "Enter your parent's email address, not your own.",
  parental_consent_pending: "Your account is waiting for a parent's approval. We sent them an email with a link.",
  parental_consent_link_invalid: 'This link is not valid any more. It may have been used already, or expired.',
  comment_empty: 'Write a comment first.',
  comment_long: 'Comments can be at most {max} characters.',
  comments_off: 'Comments are turned off for this post.',
  followed_by: 'Followed by {username}',
  followed_by_more: 'Followed by {username} + {count} more',
  popular: 'Popular on Shutter',
  suggested_for_you: 'Suggested for you',
  search_following: 'Following',
  search_follows_you: 'Follows you',
  thread_not_found: 'This conversation is not available.',
  direct_cannot_message: "You can't message this account.",
  direct_text_empty: 'Write a message first.',
  direct_text_long: 'Messages can be at most {max} characters.',
  direct_not_admin: 'Only an admin of this group can do that.',
  direct_group_full: 'A group can have at most {max} people.',
  direct_title_long: 'A group name can be at most {max} characters.',
  direct_recipients_invalid: 'Choose at least one person to message.',
  direct_item_not_found: 'This message is no longer available.',
  direct_not_own_item: 'You can only unsend your own messages.',
  direct_upload_not_found: 'This photo upload is not available. Send the photo again.',
  direct_send_failed: "Your message couldn't be sent.",
  direct_client_context_taken: 'This message id was already used for a message in another conversation. Send the message again.',
  direct_not_group: 'This can only be done in a group.',
  highlight_not_found: 'This highlight is not available.',
  highlight_title_empty: 'Give your highlight a name.',
  highlight_title_long: 'A highlight name can be at most {max} characters.',
  highlight_stories_empty: 'Choose at least one story for your highlight.',
  highlight_stories_many: 'A highlight can hold at most {max} stories.',
  highlight_story_not_own: 'You can only add your own stories to a highlight.',
  highlight_cover_invalid: 'The cover must be one of the highlight’s stories.',
  highlights_many: 'You can have at most {max} highlights.',
  close_friends_many: 'Your close friends list can have at most {max} people.',
  close_friends_unavailable: 'One of these accounts is not available.',
  story_upload_not_found: 'This upload is not available. Upload the photo or video again.',
  story_upload_failed: 'This video could not be processed. Upload it again.',
  story_video_too_long: 'A story video can be at most {max} seconds long.',
  story_mention_unavailable: "You can't mention some of these people in your story.",
  story_place_not_found: 'This place is not available. Choose another one.',
  story_not_found: 'This story is not available.',
  email_already_confirmed: 'Your email address is already confirmed.',
  phone_format: 'Enter your phone number with its country code, such as +1 555 010 0199.',
  phone_code_wait: 'Please wait {seconds} seconds before you ask for another code.',
  phone_code_none: 'Ask for a code first.',
  phone_code_wrong: "That code isn't right. Check the text we sent and try again.",
  phone_code_expired: 'This code has expired. Ask for a new one.',
  phone_code_attempts: 'Too many wrong codes. Ask for a new one.',
  two_factor_required: 'Enter the 6-digit code from your authentication app, or one of your backup codes.',
  two_factor_code_wrong: "That code isn't valid. Check the code and try again.",
  two_factor_login_expired: 'This login has expired. Please log in again.',
  two_factor_no_pending_key: 'Start setting up an authentication app first.',
  two_factor_already_on: 'Two-factor authentication is already on.',
  two_factor_not_on: 'Two-factor authentication is off.',
  two_factor_not_eligible: 'Set a password for your account before you turn on two-factor authentication.',
  one_tap_expired: 'This saved login no longer works. Log in with your password.',
  two_factor_required_sms: 'Enter the 6-digit code we texted to your number ending in {digits}, or one of your backup codes.',
  two_factor_sms_already_on: 'Text message codes are already on. Turn them off first to use another number.',
  two_factor_sms_off: 'Text message codes are off for this account.',
  captcha_required: 'Please confirm that you are a person, then try again.',
  captcha_invalid: 'The check could not be confirmed. Please let it run again, then try again.',
  terms_required: 'Please review and agree to the updated terms to keep using Shutter.',
  terms_version_stale: 'The terms changed while you were reading them. Please review the new version.',
  terms_consent_required: 'To use Shutter, agree to the terms and the data policy.',
} as const;

export type MessageCode = keyof typeof MESSAGE_TEXTS;
/** Field errors by code, beside the same errors as text (`errors`). */
export type FieldErrorCodes = Record<string, CodedMessage[]>;
export type MessageParams = Record<string, string | number>;
export interface CodedMessage {
  code: MessageCode;
  params?: MessageParams;
}

/** Limits the texts name, filled in where the rule lives. */
export const MESSAGE_LIMITS = {
  username_length: { max: USERNAME_MAX_LENGTH },
  password_short: { min: PASSWORD_MIN_LENGTH },
  password_long: { max: PASSWORD_MAX_LENGTH },
  age_too_young: { min: MIN_SIGNUP_AGE },
  full_name_long: { max: FULL_NAME_MAX_LENGTH },
  email_long: { max: EMAIL_MAX_LENGTH },
  comment_long: { max: COMMENT_MAX_LENGTH },
  direct_text_long: { max: DIRECT_TEXT_MAX_LENGTH },
  direct_group_full: { max: DIRECT_GROUP_MAX_MEMBERS },
  direct_title_long: { max: DIRECT_TITLE_MAX_LENGTH },
  highlight_title_long: { max: HIGHLIGHT_TITLE_MAX_LENGTH },
  highlight_stories_many: { max: HIGHLIGHT_ITEMS_MAX },
  highlights_many: { max: HIGHLIGHTS_PER_ACCOUNT_MAX },
  close_friends_many: { max: CLOSE_FRIENDS_MAX },
  story_video_too_long: { max: STORY_VIDEO_MAX_SEC },
} as const satisfies Partial<Record<MessageCode, MessageParams>>;

/** `{name}` in a text becomes its parameter; numbers are written the English way (2,200). */
export function fillMessage(text: string, params: MessageParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? value.toLocaleString('en') : value;
  });
}

export const messageText = (m: CodedMessage): string => fillMessage(MESSAGE_TEXTS[m.code], m.params);
