import type { QueryClient } from '@tanstack/react-query';
import {
  COMMENT_FILTER_PATH, COMMENT_FILTER_SET_PATH, EMAIL_PREFERENCES_SET_PATH, EMAILS_SENT_PATH, NOTIFICATION_SETTINGS_PATH, PRIVACY_SET_PATH,
  PRIVACY_SETTINGS_PATH, PUSH_PREFERENCES_SET_PATH,
  type CommentFilterSettings, type EmailsSent, type NotificationSettings, type PrivacySettings, type PrivacySettingsAnswer, type PushValue,
} from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { createOptimistic } from '../optimistic';

/** The viewer's own settings pages: privacy and interactions, comment filter, notifications, emails sent. */

export const usePrivacySettings = () => usePageData<PrivacySettingsAnswer>(PRIVACY_SETTINGS_PATH, { result: (r) => r.pageData['privacy-settings'] });
export const useCommentFilter = () => usePageData<CommentFilterSettings & { status: 'ok' }>(COMMENT_FILTER_PATH, { result: (r) => r.pageData['comment-filter'] });
export const useNotificationSettings = () => usePageData<NotificationSettings>(NOTIFICATION_SETTINGS_PATH, { result: (r) => r.pageData['notification-settings'] });
export const useEmailsSent = () => usePageData<EmailsSent>(EMAILS_SENT_PATH, { result: (r) => r.pageData['emails-sent'] });

export type PrivacyKey = keyof PrivacySettings;

/** Saves one privacy setting; the cached page then holds what the server answered. */
export async function savePrivacySetting<K extends PrivacyKey>(client: QueryClient, key: K, value: PrivacySettings[K]): Promise<PrivacySettings[K]> {
  const answer = await apiPost(PRIVACY_SET_PATH, { [key]: value }, { result: (r) => r.privacySetAnswer });
  client.setQueryData<PrivacySettingsAnswer>(pageDataKey(PRIVACY_SETTINGS_PATH), (data) => data && { ...data, ...answer, status: 'ok' });
  return answer[key];
}

export async function saveCommentFilter(client: QueryClient, fields: { config_value?: 0 | 1; keywords?: string }): Promise<CommentFilterSettings> {
  const answer = await apiPost(COMMENT_FILTER_SET_PATH, fields, { result: (r) => r.commentFilterAnswer });
  client.setQueryData(pageDataKey(COMMENT_FILTER_PATH), answer);
  return answer;
}

const setNotifications = (client: QueryClient, change: (data: NotificationSettings) => NotificationSettings) =>
  client.setQueryData<NotificationSettings>(pageDataKey(NOTIFICATION_SETTINGS_PATH), (data) => data && change(data));

/** checked 2 subscribes, 0 unsubscribes. */
export async function saveEmailPreference(client: QueryClient, name: string, checked: number): Promise<number> {
  const answer = await apiPost(EMAIL_PREFERENCES_SET_PATH, { name, checked }, { result: (r) => r.emailPreferenceAnswer });
  setNotifications(client, (data) => ({ ...data, email_settings: data.email_settings.map((p) => (p.name === name ? { ...p, checked: answer.checked } : p)) }));
  return answer.checked;
}

export async function savePushPreference(client: QueryClient, name: string, value: PushValue): Promise<PushValue> {
  const answer = await apiPost(PUSH_PREFERENCES_SET_PATH, { name, checked: value }, { result: (r) => r.pushPreferenceAnswer });
  setNotifications(client, (data) => ({ ...data, push_settings: data.push_settings.map((p) => (p.name === name ? { ...p, checked: answer.checked } : p)) }));
  return answer.checked;
}

/** A setting's value: a switch, an audience or push choice, an email preference's checked value. */
export type SettingValue = boolean | string | number;

/** Every settings change under way, by `area:name` (the shared optimistic mechanism). */
export const settingChanges = createOptimistic<SettingValue>();
