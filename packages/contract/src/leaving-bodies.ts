import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { DEACTIVATION_REASONS } from './leaving.js';

const password = z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH * 2);

/** `POST /accounts/deactivate/` and `POST /accounts/delete/`. */
export const leavingBody = z.object({
  password,
  reason: z.enum(DEACTIVATION_REASONS).optional(),
});
export type LeavingBody = z.infer<typeof leavingBody>;

/** `POST /accounts/download_data/`. */
export const dataDownloadBody = z.object({ password });
