import type { DataDownloadStatus, DeactivationReason } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { usePageData } from '../../lib/page-data';

/** Leaving: deactivating, deleting, and "Download your data". */

export const DEACTIVATE_PATH = '/accounts/remove/request/temporary/';
export const DELETE_PATH = '/accounts/remove/request/permanent/';
export const DOWNLOAD_DATA_PATH = '/accounts/download_data/';
/** Where a deactivation lands: the login page, with its calm note (R-001-account-4). */
export const AFTER_DEACTIVATION_PATH = '/accounts/login/?source=deactivate';

export type DataDownloadAnswer = DataDownloadStatus & { status: 'ok' };

export const useDeletePage = () => usePageData(DELETE_PATH, { result: (r) => r.pageData['delete-account'] });
export const useDataDownload = () => usePageData<DataDownloadAnswer>(DOWNLOAD_DATA_PATH, { result: (r) => r.pageData['download-data'] });

export const deactivateAccount = (password: string, reason: DeactivationReason | '') =>
  apiPost('/accounts/deactivate/', { password, reason: reason || undefined }, { result: (r) => r.accountLeft });

export const deleteAccount = (password: string) => apiPost('/accounts/delete/', { password }, { result: (r) => r.accountLeft });

export const requestDataDownload = (password: string) => apiPost<DataDownloadAnswer>(DOWNLOAD_DATA_PATH, { password }, { result: (r) => r.dataDownloadStatus });
