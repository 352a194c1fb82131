/**
 * Leaving and taking one's data: deactivating (hidden until the next login), deleting (hidden,
 * then purged after a number of days unless the person logs in again) and "Download your data".
 */

/** Days a deletion waits for its person to change their mind (the service's ACCOUNT_DELETION_DAYS). */
export const ACCOUNT_DELETION_DAYS_DEFAULT = 30;
/** Days a "Download your data" link works, once. */
export const DATA_DOWNLOAD_LINK_DAYS = 4;

/** Why someone deactivates, as the deactivation screen offers it (kept with the departure). */
export const DEACTIVATION_REASONS = [
  'break', 'privacy', 'too_distracting', 'too_busy', 'second_account', 'cant_find_people', 'too_many_ads', 'something_else',
] as const;
export type DeactivationReason = (typeof DEACTIVATION_REASONS)[number];

/**
 * Where the person's latest archive stands: none asked for, being prepared, ready (its link was
 * mailed), downloaded (the link is spent), expired, or failed (ask again).
 */
export const DATA_DOWNLOAD_STATES = ['none', 'preparing', 'ready', 'downloaded', 'expired', 'failed'] as const;
export type DataDownloadState = (typeof DATA_DOWNLOAD_STATES)[number];

export interface DataDownloadStatus {
  state: DataDownloadState;
  requested_at: string | null;
  expires_at: string | null;
  /** Where the link goes (the account's email), for "We sent a link to ...". */
  email: string;
}
