import {
  COMMENT_FILTER_OFF, COMMENT_FILTER_ON, EMAIL_PREFERENCE_NAMES, EMAIL_SUBSCRIBED, EMAIL_UNSUBSCRIBED, PUSH_PREFERENCES, PUSH_PREFERENCE_NAMES,
  type CommentFilterSettings, type EmailPreference, type InteractionAudience, type PrivacySettings, type PushPreference, type PushValue,
} from '@shutter/contract';
import type { SettingsRow } from './repository.js';

/** A person's settings as the rules read them: the stored row, or every default. */
export interface AccountSettings {
  presence_disabled: boolean;
  usertags_from: InteractionAudience;
  mentions_from: InteractionAudience;
  story_sharing: boolean;
  comment_filter_on: boolean;
  comment_keywords: string[];
  email_prefs: Record<string, number>;
  push_prefs: Record<string, string>;
}

export const DEFAULT_SETTINGS: AccountSettings = {
  presence_disabled: false, usertags_from: 'everyone', mentions_from: 'everyone', story_sharing: true,
  comment_filter_on: false, comment_keywords: [], email_prefs: {}, push_prefs: {},
};

export const settingsOf = (row: SettingsRow | undefined): AccountSettings => (row ? { ...DEFAULT_SETTINGS, ...row } : DEFAULT_SETTINGS);

export const presentPrivacy = (s: AccountSettings): PrivacySettings => ({
  presence_disabled: s.presence_disabled, usertags_from: s.usertags_from, mentions_from: s.mentions_from, story_sharing: s.story_sharing,
});

export const presentCommentFilter = (s: AccountSettings): CommentFilterSettings => ({
  config_value: s.comment_filter_on ? COMMENT_FILTER_ON : COMMENT_FILTER_OFF, keywords: s.comment_keywords,
});

/** Every email preference, subscribed unless the person unsubscribed. */
export const presentEmailPrefs = (s: AccountSettings): EmailPreference[] =>
  EMAIL_PREFERENCE_NAMES.map((name) => ({ name, checked: s.email_prefs[name] === EMAIL_UNSUBSCRIBED ? EMAIL_UNSUBSCRIBED : EMAIL_SUBSCRIBED }));

/** Every push preference with its choices; a stored value no longer offered reads as the default (the widest). */
export const presentPushPrefs = (s: AccountSettings): PushPreference[] =>
  PUSH_PREFERENCE_NAMES.map((name) => {
    const options: readonly PushValue[] = PUSH_PREFERENCES[name];
    const stored = s.push_prefs[name] as PushValue | undefined;
    return { name, options: [...options], checked: stored && options.includes(stored) ? stored : options[options.length - 1]! };
  });
