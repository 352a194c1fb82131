import { z } from 'zod';
import { isId } from './ids.js';
import { ACCOUNT_ACTIONS, APPEAL_TEXT_MAX } from './moderation.js';

const id = z.string().refine(isId, 'Ids are numbers.');
/** The note a moderator writes to the owner (it is shown with the strike). */
const note = z.string().trim().max(1000, 'Keep the note under 1000 characters.');

/** `POST /api/v1/admin/accounts/{user_id}/action/` (Mastodon's shape). */
export const accountActionBody = z.object({
  type: z.enum(ACCOUNT_ACTIONS, { error: `type is one of ${ACCOUNT_ACTIONS.join(', ')}.` }),
  report_id: id.optional(),
  text: note.optional(),
});

/** `POST /api/v1/admin/reports/{id}/remove/` */
export const reportRemoveBody = z.object({ text: note.optional() });

/** `POST /api/v1/strikes/{id}/appeal/`: the words, and without a session the login's appeal token. */
export const appealBody = z.object({
  text: z.string().max(APPEAL_TEXT_MAX * 4).transform((v) => v.trim()).pipe(
    z.string().min(1, 'Tell us why we should review this.').max(APPEAL_TEXT_MAX, `Keep it under ${APPEAL_TEXT_MAX} characters.`),
  ),
  appeal_token: z.string().max(500).optional(),
});

/** Lists of the admin API: newest first, below `max_id`. */
export const adminListQuery = z.object({
  max_id: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  resolved: z.enum(['true', 'false', '1', '0']).optional(),
});

export const strikesQuery = z.object({ appeal_token: z.string().max(500).optional() });
