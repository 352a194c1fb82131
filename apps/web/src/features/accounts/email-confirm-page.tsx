import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { buttonClass, Button } from '../../ui/button';
import { forgetContactStatus } from '../../state/queries/contacts';
import { useSession } from '../../state/session';
import { useResendConfirmEmail } from './use-resend-confirm-email';
import styles from './contacts.module.css';

/**
 * `/accounts/confirm_email/?result=…`, where a followed confirmation link lands: thanks, or (a used,
 * expired or unknown link) what happened and a way to get a new link.
 */
export function EmailConfirmPage() {
  const t = useT();
  useDocumentTitle(t('contacts.email.title'));
  const [params] = useSearchParams();
  const { viewer } = useSession();
  const client = useQueryClient();
  const { busy, resend } = useResendConfirmEmail();
  const confirmed = params.get('result') === 'confirmed';
  // The reminder and the edit form read the confirmation from the server again.
  useEffect(() => {
    if (confirmed) void forgetContactStatus(client);
  }, [client, confirmed]);

  if (confirmed)
    return (
      <div className={styles.result}>
        <h1 className={styles.resultTitle}>{t('contacts.email.confirmed')}</h1>
        <p className={styles.resultBody}>{t('contacts.email.confirmedBody')}</p>
        <Link to="/" className={buttonClass('primary')}>
          {t('contacts.email.continue')}
        </Link>
      </div>
    );
  return (
    <div className={styles.result}>
      <h1 className={styles.resultTitle}>{t('contacts.email.invalid')}</h1>
      <p className={styles.resultBody}>{t('contacts.email.invalidBody')}</p>
      {viewer ? (
        <Button busy={busy} onClick={() => void resend()}>
          {t('contacts.email.sendNew')}
        </Button>
      ) : (
        <Link to="/accounts/login/" className={buttonClass('primary')}>
          {t('contacts.email.loginForNew')}
        </Link>
      )}
    </div>
  );
}
