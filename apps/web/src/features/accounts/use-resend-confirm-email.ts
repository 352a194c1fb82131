import { useCallback, useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { sendConfirmEmail } from '../../state/queries/contacts';
import { useToast } from '../../state/toast/toast-context';

/**
 * Sends a new confirmation link: a success toast naming the address (R-000-email-confirmation-1),
 * or a failure toast whose Retry sends again (R-000-email-confirmation-2).
 */
export function useResendConfirmEmail() {
  const t = useT();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const resend = useCallback(async (): Promise<void> => {
    setBusy(true);
    try {
      const sent = await sendConfirmEmail();
      showToast({ text: t('contacts.reminder.sent', { email: sent.email }) });
    } catch {
      showToast({ text: t('contacts.reminder.failed'), actionText: t('contacts.reminder.retry'), onAction: () => void resend() });
    } finally {
      setBusy(false);
    }
  }, [showToast, t]);
  return { busy, resend };
}
