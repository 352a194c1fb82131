import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { useEditProfile } from '../../state/queries/settings';
import { useResendConfirmEmail } from './use-resend-confirm-email';
import styles from './contacts.module.css';

/** Until the viewer's email is confirmed: a slim card saying so, with Resend. Nothing otherwise (or while unknown). */
export function ConfirmEmailReminder() {
  const t = useT();
  const form = useEditProfile().data?.form_data;
  const { busy, resend } = useResendConfirmEmail();
  // An account made with a phone number has no email to confirm.
  if (!form?.email || form.is_email_confirmed !== false) return null;
  return (
    <section className={styles.reminder} aria-label={t('contacts.reminder.label')}>
      <div className={styles.reminderText}>
        <h2 className={styles.reminderTitle}>{t('contacts.reminder.title')}</h2>
        <p className={styles.reminderBody}>{t('contacts.reminder.body', { email: form.email ?? '' })}</p>
      </div>
      <Button variant="secondary" busy={busy} onClick={() => void resend()}>
        {t('contacts.reminder.resend')}
      </Button>
    </section>
  );
}
