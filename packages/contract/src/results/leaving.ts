import { z } from 'zod';
import { DATA_DOWNLOAD_STATES } from '../leaving.js';
import { okStatus } from './common.js';

/** A deactivation or a deletion: done, and every session of the account is over (this one too). */
export const accountLeft = z.object({
  status: okStatus,
  logged_out: z.literal(true),
  /** A deletion's date of no return (ISO); null for a deactivation. */
  purge_after: z.string().nullable(),
}).meta({ id: 'AccountLeft' });

export const dataDownloadStatus = z.object({
  status: okStatus,
  state: z.enum(DATA_DOWNLOAD_STATES),
  requested_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  email: z.string(),
}).meta({ id: 'DataDownloadStatus' });
