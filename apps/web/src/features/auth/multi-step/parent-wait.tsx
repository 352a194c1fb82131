import { useEffect } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/i18n';
import { buttonClass } from '../../../ui/button';
import styles from '../auth.module.css';

/** After a minor's signup: the account waits for the parent the link went to. */
export function ParentWait({ parentEmail, onShown }: { parentEmail: string; onShown: () => void }) {
  const t = useT();
  // Shown, the account is made: the draft (and its password) is dropped once.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen first shows
  useEffect(onShown, []);
  return (
    <div className={styles.form}>
      <p className={styles.body}>{t('steps.waitingBody', { email: parentEmail })}</p>
      <Link className={buttonClass('primary', true)} to="/accounts/login/">
        {t('steps.toLogin')}
      </Link>
    </div>
  );
}
