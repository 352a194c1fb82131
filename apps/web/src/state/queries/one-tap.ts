import { ONE_TAP_UPSELL_PATH, type LoginResult, type OneTapUpsellData } from '@shutter/contract';
import { apiPost } from '../../lib/api';
import { usePageData } from '../../lib/page-data';

/** One-tap login: saving this browser's login info, forgetting it, and continuing as a saved account. */

/** Whether this browser already holds the viewer's saved login (the upsell is then skipped). */
export const useOneTapUpsell = (enabled: boolean) =>
  usePageData<OneTapUpsellData>(ONE_TAP_UPSELL_PATH, { enabled, result: (r) => r.pageData['one-tap-upsell'] });

export const saveLoginInfo = () => apiPost('/accounts/one_tap/save/', {}, { result: (r) => r.ok });

export const removeSavedLogin = (userId: string) => apiPost('/accounts/one_tap/remove/', { user_id: userId }, { result: (r) => r.ok });

/** Logs in as a saved account with the single-use nonce of the landing data; a refusal asking for a code throws as login's does. */
export const continueAsSaved = (userId: string, loginNonce: string) =>
  apiPost<LoginResult>('/accounts/one_tap_web_login/', { user_id: userId, login_nonce: loginNonce }, { result: (r) => r.loginSucceeded });
