import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import styles from './profile.module.css';

/**
 * In place of the tabs and grid when the service sends no posts: a private account the viewer does
 * not follow, or an account the viewer blocked (private or not).
 */
export function PrivateNotice({ blocked }: { blocked: boolean }) {
  const t = useT();
  return (
    <section className={styles.privateNotice} aria-labelledby="private-notice-title">
      <span className={styles.privateRing}>
        <Icon name={blocked ? 'block' : 'lock'} size={32} strokeWidth={1.5} />
      </span>
      <div>
        <h2 id="private-notice-title" className={styles.privateTitle}>
          {t(blocked ? 'graph.blockedTitle' : 'profile.private')}
        </h2>
        <p className={styles.privateBody}>{t(blocked ? 'graph.blockedBody' : 'graph.privateBody')}</p>
      </div>
    </section>
  );
}
