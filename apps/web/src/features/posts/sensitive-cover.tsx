import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import styles from './sensitive-cover.module.css';

export const blurredClass = styles.blurred;

/** The warning over a post a moderator marked sensitive, until the viewer chooses to see it. */
export function SensitiveCover({ onReveal }: { onReveal: () => void }) {
  const t = useT();
  return (
    <div className={styles.cover} role="group" aria-label={t('post.sensitive.title')}>
      <Icon name="eyeOff" size={40} strokeWidth={1.5} />
      <p className={styles.title}>{t('post.sensitive.title')}</p>
      <p className={styles.body}>{t('post.sensitive.body')}</p>
      <button type="button" className={styles.see} onClick={onReveal}>{t('post.sensitive.see')}</button>
    </div>
  );
}

/** A grid tile's mark that the post behind the blur is sensitive. */
export function SensitiveTileMark() {
  const t = useT();
  return (
    <span className={styles.tileMark} role="img" aria-label={t('post.sensitive.tile')}>
      <Icon name="eyeOff" size={32} />
    </span>
  );
}
