import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import styles from './profile.module.css';

/** In place of the tabs and grid of a private account the viewer does not follow. */
export function PrivateNotice() {
  const t = useT();
  return (
    <section className={styles.privateNotice} aria-labelledby="private-notice-title">
      <span className={styles.privateRing}>
        <Icon name="lock" size={32} strokeWidth={1.5} />
      </span>
      <div>
        <h2 id="private-notice-title" className={styles.privateTitle}>
          {t('profile.private')}
        </h2>
        <p className={styles.privateBody}>{t('graph.privateBody')}</p>
      </div>
    </section>
  );
}
