import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../state/toast/toast-context';
import { clearClientCaches } from '../../lib/clear-caches';
import { preventSilentCredentialAccess } from '../../lib/password-credentials';
import { useT } from '../../lib/i18n/i18n';
import { logOut } from '../../state/queries/auth';

/**
 * Spec 002 §7 "Logout": POST /accounts/logout/ as a form with the csrf token; success clears the
 * caches and does a full navigation (to '/' unless told otherwise); failure shows a toast.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const t = useT();
  return useCallback(
    async (destination = '/') => {
      try {
        await logOut();
      } catch {
        showToast({ text: t('logout.error') });
        return false;
      }
      await clearClientCaches(queryClient);
      // The next page's credential auto-login asks before using a saved password again.
      await preventSilentCredentialAccess();
      window.location.assign(destination);
      return true;
    },
    [queryClient, showToast, t],
  );
}
