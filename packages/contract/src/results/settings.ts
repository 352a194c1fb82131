import { z } from 'zod';
import {
  COMMENT_FILTER_OFF, COMMENT_FILTER_ON, EMAIL_KINDS, EMAIL_PREFERENCE_NAMES, EMAIL_SUBSCRIBED, EMAIL_UNSUBSCRIBED, INTERACTION_AUDIENCES,
  PUSH_PREFERENCE_NAMES, PUSH_VALUES,
} from '../settings.js';
import { idString, okStatus, timestamp } from './common.js';

const audience = z.enum(INTERACTION_AUDIENCES);

/** The privacy and security page's own settings (the private switch is the profile's). */
export const privacySettings = z.object({
  presence_disabled: z.boolean().describe('Activity status is hidden from others (and theirs from this person).'),
  usertags_from: audience,
  mentions_from: audience,
  story_sharing: z.boolean().describe('Others may share this person\'s stories in messages.'),
}).meta({ id: 'PrivacySettings' });

export const privacySettingsAnswer = privacySettings.extend({ is_private: z.boolean(), status: okStatus }).meta({ id: 'PrivacySettingsAnswer' });
export const privacySetAnswer = privacySettings.extend({ status: okStatus }).meta({ id: 'PrivacySetAnswer' });

export const commentFilter = z.object({
  config_value: z.union([z.literal(COMMENT_FILTER_ON), z.literal(COMMENT_FILTER_OFF)]).describe('1: comments with offensive words or the keywords are hidden.'),
  keywords: z.array(z.string()),
}).meta({ id: 'CommentFilter' });
export const commentFilterAnswer = commentFilter.extend({ status: okStatus }).meta({ id: 'CommentFilterAnswer' });

export const emailPreference = z.object({
  name: z.enum(EMAIL_PREFERENCE_NAMES),
  checked: z.union([z.literal(EMAIL_SUBSCRIBED), z.literal(EMAIL_UNSUBSCRIBED)]).describe('2: subscribed.'),
}).meta({ id: 'EmailPreference' });
export const pushPreference = z.object({
  name: z.enum(PUSH_PREFERENCE_NAMES as [string, ...string[]]),
  options: z.array(z.enum(PUSH_VALUES)),
  checked: z.enum(PUSH_VALUES),
}).meta({ id: 'PushPreference' });

export const notificationSettings = z.object({
  email_settings: z.array(emailPreference),
  push_settings: z.array(pushPreference),
  status: okStatus,
}).meta({ id: 'NotificationSettings' });
export const emailPreferenceAnswer = emailPreference.extend({ status: okStatus }).meta({ id: 'EmailPreferenceAnswer' });
export const pushPreferenceAnswer = z.object({ name: z.string(), checked: z.enum(PUSH_VALUES), status: okStatus }).meta({ id: 'PushPreferenceAnswer' });

export const sentEmail = z.object({
  id: idString,
  subject: z.string(),
  body: z.string(),
  recipient: z.string(),
  sent_at: timestamp,
  kind: z.enum(EMAIL_KINDS),
}).meta({ id: 'SentEmail' });
export const emailsSent = z.object({
  security: z.array(sentEmail),
  other: z.array(sentEmail),
  days: z.number().int(),
  status: okStatus,
}).meta({ id: 'EmailsSent' });

export type PrivacySettings = z.infer<typeof privacySettings>;
export type PrivacySettingsAnswer = z.infer<typeof privacySettingsAnswer>;
export type CommentFilterSettings = z.infer<typeof commentFilter>;
export type EmailPreference = z.infer<typeof emailPreference>;
export type PushPreference = z.infer<typeof pushPreference>;
export type NotificationSettings = z.infer<typeof notificationSettings>;
export type SentEmail = z.infer<typeof sentEmail>;
export type EmailsSent = z.infer<typeof emailsSent>;
