import {
  EMAILS_SENT_DAYS, type CommentFilterSettings, type EmailPreferenceName, type EmailsSent, type NotificationSettings, type PrivacySettings,
  type PrivacySettingsAnswer, type PushPreferenceName, type PushValue,
} from '@shutter/contract';
import { badRequest } from '../../platform/errors.js';
import type { Outbox } from '../../platform/outbox.js';
import { parseKeywords } from './keywords.js';
import type { SettingsPatch, SettingsRepository } from './repository.js';
import { presentCommentFilter, presentEmailPrefs, presentPrivacy, presentPushPrefs, settingsOf } from './values.js';

const DAY_MS = 86_400_000;
/** The most mails "Emails from us" lists (two weeks of them, for anyone but a spammer's target). */
const EMAILS_SHOWN_MAX = 200;

export interface SettingsDeps {
  repo: SettingsRepository;
  account(userId: string): Promise<{ email: string; is_private: boolean } | undefined>;
  outbox: Pick<Outbox, 'sentTo'>;
  now?: () => Date;
}

/** A person's own settings: read and saved for them alone (every call is for the session's person). */
export function createSettings(deps: SettingsDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const read = async (userId: string) => settingsOf(await repo.one(userId));

  return {
    async privacy(userId: string): Promise<Omit<PrivacySettingsAnswer, 'status'>> {
      const [settings, account] = await Promise.all([read(userId), deps.account(userId)]);
      return { ...presentPrivacy(settings), is_private: account?.is_private ?? false };
    },

    async setPrivacy(userId: string, patch: Partial<PrivacySettings>): Promise<PrivacySettings> {
      if (Object.values(patch).every((v) => v === undefined)) {
        throw badRequest('Send at least one of presence_disabled, usertags_from, mentions_from or story_sharing.');
      }
      return presentPrivacy(settingsOf(await repo.save(userId, patch)));
    },

    commentFilter: async (userId: string): Promise<CommentFilterSettings> => presentCommentFilter(await read(userId)),

    async setCommentFilter(userId: string, input: { on?: boolean; keywords?: string }): Promise<CommentFilterSettings> {
      if (input.on === undefined && input.keywords === undefined) throw badRequest('Send config_value (1 on, 0 off) or keywords.');
      const patch: SettingsPatch = {};
      if (input.on !== undefined) patch.comment_filter_on = input.on;
      if (input.keywords !== undefined) {
        const parsed = parseKeywords(input.keywords);
        if (!parsed.ok) throw badRequest(parsed.message, { errors: { keywords: [parsed.message] } });
        patch.comment_keywords = parsed.keywords;
      }
      return presentCommentFilter(settingsOf(await repo.save(userId, patch)));
    },

    async notifications(userId: string): Promise<Omit<NotificationSettings, 'status'>> {
      const settings = await read(userId);
      return { email_settings: presentEmailPrefs(settings), push_settings: presentPushPrefs(settings) };
    },

    async setEmailPreference(userId: string, name: EmailPreferenceName, checked: number) {
      const saved = await repo.save(userId, { email_prefs: { [name]: checked } });
      return presentEmailPrefs(settingsOf(saved)).find((p) => p.name === name)!;
    },

    async setPushPreference(userId: string, name: PushPreferenceName, value: PushValue) {
      const saved = await repo.save(userId, { push_prefs: { [name]: value } });
      return presentPushPrefs(settingsOf(saved)).find((p) => p.name === name)!;
    },

    /** The mails sent to the person in the last EMAILS_SENT_DAYS days, security ones apart. */
    async emailsSent(userId: string): Promise<Omit<EmailsSent, 'status'>> {
      const account = await deps.account(userId);
      const rows = await deps.outbox.sentTo(userId, account?.email ?? '', new Date(now().getTime() - EMAILS_SENT_DAYS * DAY_MS), EMAILS_SHOWN_MAX);
      const mails = rows.map((r) => ({
        id: r.id, subject: r.subject, body: r.body, recipient: r.recipient,
        sent_at: Math.floor(r.created_at.getTime() / 1000), kind: r.kind ?? kindBySubject(r.subject),
      }));
      return { security: mails.filter((m) => m.kind === 'security'), other: mails.filter((m) => m.kind === 'other'), days: EMAILS_SENT_DAYS };
    },
  };
}
export type Settings = ReturnType<typeof createSettings>;

/** Mails written before they carried a kind: those about the account's access are security ones. */
const kindBySubject = (subject: string): 'security' | 'other' =>
  /password|login|log in|confirm|security|email address|two-factor|code/i.test(subject) ? 'security' : 'other';
