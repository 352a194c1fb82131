import { z } from 'zod';
import { formBoolean } from './form-fields.js';
import {
  COMMENT_KEYWORDS_FIELD_MAX_CHARS, EMAIL_PREFERENCE_NAMES, EMAIL_SUBSCRIBED, EMAIL_UNSUBSCRIBED, INTERACTION_AUDIENCES, PUSH_PREFERENCE_NAMES, PUSH_VALUES,
} from './settings.js';

const audience = z.enum(INTERACTION_AUDIENCES, { error: 'Choose everyone, following or none.' });

/** The bodies of the settings saves (form or JSON); each names only what changes. */
export const privacySetBody = z.object({
  presence_disabled: formBoolean.optional(),
  usertags_from: audience.optional(),
  mentions_from: audience.optional(),
  story_sharing: formBoolean.optional(),
});

export const commentFilterSetBody = z.object({
  config_value: z.coerce.number({ error: 'config_value is 1 (on) or 0 (off).' }).int().refine((v) => v === 0 || v === 1, 'config_value is 1 (on) or 0 (off).').optional(),
  keywords: z.string().max(COMMENT_KEYWORDS_FIELD_MAX_CHARS, 'This keyword list is too long.').optional(),
});

export const emailPreferenceSetBody = z.object({
  name: z.enum(EMAIL_PREFERENCE_NAMES, { error: `name is one of ${EMAIL_PREFERENCE_NAMES.join(', ')}.` }),
  checked: z.coerce.number().int().refine((v) => v === EMAIL_SUBSCRIBED || v === EMAIL_UNSUBSCRIBED, 'checked is 2 (subscribed) or 0 (not).'),
});

export const pushPreferenceSetBody = z.object({
  name: z.enum(PUSH_PREFERENCE_NAMES as [string, ...string[]], { error: `name is one of ${PUSH_PREFERENCE_NAMES.join(', ')}.` }),
  checked: z.enum(PUSH_VALUES, { error: 'checked is off, following or everyone.' }),
});
