import type { QueryClient } from '@tanstack/react-query';
import { ACCEPT_APP_INVITE_PATH, consentPath, DECLINE_APP_INVITE_PATH, MANAGE_ACCESS_PATH, REVOKE_APP_PATH, type ConsentRequest, type ManageAccess } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { pageDataKey, usePageData } from '../../lib/page-data';

/** Connected apps: the person's list (authorizations and invitations), its changes, and an app's consent page. */

export const useManageAccess = () => usePageData<ManageAccess>(MANAGE_ACCESS_PATH, { result: (r) => r.pageData['manage-access'] });
export const useConsentRequest = (uid: string) => usePageData<ConsentRequest>(consentPath(uid), { result: (r) => r.pageData['oauth-consent'] });

/** Applies a change to the cached list, once the server has acknowledged it. */
export const updateManageAccess = (client: QueryClient, change: (data: ManageAccess) => ManageAccess) =>
  client.setQueryData<ManageAccess>(pageDataKey(MANAGE_ACCESS_PATH), (data) => (data ? change(data) : data));

export const revokeApp = (clientId: string) => apiPost(REVOKE_APP_PATH, { client_id: clientId }, { result: (r) => r.ok });
export const acceptAppInvite = (clientId: string) => apiPost(ACCEPT_APP_INVITE_PATH, { client_id: clientId }, { result: (r) => r.inviteAccepted });
export const declineAppInvite = (clientId: string) => apiPost(DECLINE_APP_INVITE_PATH, { client_id: clientId }, { result: (r) => r.ok });

/** Allow or Cancel: answers where the browser goes next (back to the app). */
export const answerConsent = (uid: string, answer: 'allow' | 'cancel') =>
  apiPost(`${consentPath(uid)}${answer}/`, {}, { result: (r) => r.consentDone });
