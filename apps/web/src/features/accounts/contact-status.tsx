import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { useResendConfirmEmail } from './use-resend-confirm-email';
import styles from './contacts.module.css';

/** Beside the saved email on the edit form: "Confirmed", or "Not confirmed · Resend". */
export function EmailStatus({ confirmed }: { confirmed: boolean }) {
  const t = useT();
  const { busy, resend } = useResendConfirmEmail();
  if (confirmed) return <p className={`${styles.status} ${styles.confirmed}`}>{t('contacts.status.confirmed')}</p>;
  return (
    <p className={styles.status}>
      {t('contacts.status.unconfirmed')} ·{' '}
      <button type="button" className={styles.inlineAction} disabled={busy} aria-busy={busy || undefined} onClick={() => void resend()}>
        {t('contacts.reminder.resend')}
      </button>
    </p>
  );
}

/** Beside the saved phone number: "Confirmed", or "Not confirmed · Confirm" (to the code page). */
export function PhoneStatus({ confirmed, hasNumber }: { confirmed: boolean; hasNumber: boolean }) {
  const t = useT();
  if (confirmed) return <p className={`${styles.status} ${styles.confirmed}`}>{t('contacts.status.confirmed')}</p>;
  return (
    <p className={styles.status}>
      {hasNumber ? `${t('contacts.status.unconfirmed')} · ` : null}
      <Link to="/accounts/confirm_phone/" className={styles.inlineAction}>
        {t(hasNumber ? 'contacts.status.confirmPhone' : 'contacts.status.addPhone')}
      </Link>
    </p>
  );
}
