/**
 * A person's own privacy, interaction and notification settings: who may mention or tag them,
 * whether their activity status shows and their stories may be shared, the comment filter, and
 * which emails and push notifications they get. Defaults hold until the person changes something.
 */

export const PRIVACY_SETTINGS_PATH = '/accounts/privacy_and_security/';
export const PRIVACY_SET_PATH = '/accounts/privacy_and_security/set/';
export const COMMENT_FILTER_PATH = '/accounts/comment_filter/';
export const COMMENT_FILTER_SET_PATH = '/accounts/comment_filter/set/';
export const NOTIFICATION_SETTINGS_PATH = '/emails/notifications/';
export const EMAIL_PREFERENCES_SET_PATH = '/accounts/email_preferences/set/';
export const PUSH_PREFERENCES_SET_PATH = '/accounts/push_preferences/set/';
export const EMAILS_SENT_PATH = '/emails/emails_sent/';

/** Who may mention or tag a person: everyone, only people they follow, or no one. */
export const INTERACTION_AUDIENCES = ['everyone', 'following', 'none'] as const;
export type InteractionAudience = (typeof INTERACTION_AUDIENCES)[number];

/** The comment filter's config_value: 1 is on, 0 off (spec R-001-settings-10). */
export const COMMENT_FILTER_ON = 1;
export const COMMENT_FILTER_OFF = 0;
export const COMMENT_KEYWORDS_MAX = 100;
export const COMMENT_KEYWORD_MAX_CHARS = 50;
/** The keyword field as sent (comma-separated), bounded before it is split. */
export const COMMENT_KEYWORDS_FIELD_MAX_CHARS = 6000;

/** An email preference's checked value: 2 is subscribed (spec R-001-settings-9), 0 is not. */
export const EMAIL_SUBSCRIBED = 2;
export const EMAIL_UNSUBSCRIBED = 0;
export const EMAIL_PREFERENCE_NAMES = ['feedback', 'reminders', 'product', 'news', 'support'] as const;
export type EmailPreferenceName = (typeof EMAIL_PREFERENCE_NAMES)[number];

/** Push notification choices: off, from people the person follows, from everyone. */
export const PUSH_VALUES = ['off', 'following', 'everyone'] as const;
export type PushValue = (typeof PUSH_VALUES)[number];
/** Each push preference and the choices it offers (what can come from a stranger offers "following"). */
export const PUSH_PREFERENCES = {
  likes: ['off', 'following', 'everyone'],
  comments: ['off', 'following', 'everyone'],
  comment_likes: ['off', 'everyone'],
  mentions: ['off', 'following', 'everyone'],
  usertags: ['off', 'following', 'everyone'],
  follows: ['off', 'everyone'],
  follow_requests: ['off', 'everyone'],
  accepted_follow_requests: ['off', 'everyone'],
  direct: ['off', 'following', 'everyone'],
  direct_requests: ['off', 'everyone'],
  stories_close_friends: ['off', 'everyone'],
} as const satisfies Record<string, readonly PushValue[]>;
export type PushPreferenceName = keyof typeof PUSH_PREFERENCES;
export const PUSH_PREFERENCE_NAMES = Object.keys(PUSH_PREFERENCES) as PushPreferenceName[];

/** How far back "Emails from us" lists what was sent. */
export const EMAILS_SENT_DAYS = 14;
export const EMAIL_KINDS = ['security', 'other'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
