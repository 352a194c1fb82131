import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import styles from './settings-pages.module.css';

/** A settings page while its data loads, or after loading failed (with a retry). */
export function PageState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useT();
  if (!failed) {
    return (
      <div className={styles.state}>
        <Spinner size={24} label={t('app.loading')} />
      </div>
    );
  }
  return (
    <div className={styles.state} role="alert">
      <p>{t('prefs.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('app.error.retry')}
      </Button>
    </div>
  );
}
