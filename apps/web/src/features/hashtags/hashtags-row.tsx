import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import styles from './hashtag-follow-list.module.css';

/** Atop a following list: the way to the hashtags the same person follows. */
export function HashtagsRow({ username }: { username: string }) {
  const t = useT();
  return (
    <Link className={styles.row} to={`/${username}/hashtag_following/`}>
      <span className={styles.badge} aria-hidden="true">#</span>
      <span className={styles.text}>
        <span className={styles.name}>{t('hashtag.listLink')}</span>
        <span className={styles.count}>{t('hashtag.listLabel')}</span>
      </span>
    </Link>
  );
}
