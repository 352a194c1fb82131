import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMMENT_FILTER_ON, COMMENT_FILTER_SET_PATH, COMMENT_KEYWORD_MAX_CHARS, COMMENT_KEYWORDS_MAX, EMAIL_PREFERENCES_SET_PATH, PRIVACY_SET_PATH, PUSH_PREFERENCES,
  PUSH_PREFERENCES_SET_PATH, commentFilterSetBody, emailPreferenceSetBody, privacySetBody, pushPreferenceSetBody, type EmailPreferenceName, type PushPreferenceName,
} from '@shutter/contract';
import { commentFilterAnswer, emailPreferenceAnswer, privacySetAnswer, pushPreferenceAnswer } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { badRequest } from '../../platform/errors.js';
import { requireSession } from '../../platform/session.js';
import type { Settings } from './service.js';

const tags = ['accounts'];

/** The saves of a person's own settings: the session's person is the only one they touch. */
export function registerSettingsRoutes(app: FastifyInstance, settings: Settings): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(PRIVACY_SET_PATH, {
    schema: {
      tags, summary: 'Save privacy and security settings',
      description: 'Any of presence_disabled (hide the activity status), usertags_from and mentions_from (everyone, following: people the person follows, none), story_sharing (others may share the person\'s stories in messages). Answers every current value.',
      body: privacySetBody, security: SECURITY.sessionAndCsrf, response: { 200: privacySetAnswer },
    },
  }, async (request) => ({ ...(await settings.setPrivacy(requireSession(request).user.id, request.body)), status: 'ok' as const }));

  r.post(COMMENT_FILTER_SET_PATH, {
    schema: {
      tags, summary: 'Turn the comment filter on or off, and set its keywords',
      description: `config_value 1 hides comments on the person's posts holding an offensive word or one of the keywords from everyone but their author; 0 shows them. keywords: comma-separated, at most ${COMMENT_KEYWORDS_MAX} of at most ${COMMENT_KEYWORD_MAX_CHARS} characters (trimmed, duplicates dropped); it replaces the list.`,
      body: commentFilterSetBody, security: SECURITY.sessionAndCsrf, response: { 200: commentFilterAnswer },
    },
  }, async (request) => {
    const { config_value, keywords } = request.body;
    const saved = await settings.setCommentFilter(requireSession(request).user.id, {
      ...(config_value !== undefined ? { on: config_value === COMMENT_FILTER_ON } : {}), ...(keywords !== undefined ? { keywords } : {}),
    });
    return { ...saved, status: 'ok' as const };
  });

  r.post(EMAIL_PREFERENCES_SET_PATH, {
    schema: {
      tags, summary: 'Subscribe to (checked 2) or unsubscribe from (0) one kind of email',
      body: emailPreferenceSetBody, security: SECURITY.sessionAndCsrf, response: { 200: emailPreferenceAnswer },
    },
  }, async (request) => ({
    ...(await settings.setEmailPreference(requireSession(request).user.id, request.body.name as EmailPreferenceName, request.body.checked)), status: 'ok' as const,
  }));

  r.post(PUSH_PREFERENCES_SET_PATH, {
    schema: {
      tags, summary: 'Choose one kind of push notification: off, from people the person follows, or from everyone',
      body: pushPreferenceSetBody, security: SECURITY.sessionAndCsrf, response: { 200: pushPreferenceAnswer },
    },
  }, async (request) => {
    const name = request.body.name as PushPreferenceName;
    const options: readonly string[] = PUSH_PREFERENCES[name];
    if (!options.includes(request.body.checked)) throw badRequest(`${name} is one of ${options.join(', ')}.`);
    const saved = await settings.setPushPreference(requireSession(request).user.id, name, request.body.checked);
    return { name: saved.name, checked: saved.checked, status: 'ok' as const };
  });
}
