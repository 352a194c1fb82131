import { useT } from '../../lib/i18n/i18n';
import type { CreationItem } from './creation-reducer';
import styles from './steps.module.css';

/** Videos are sent untouched: a preview and a note instead of crop and filter tools. */
export function VideoPreview({ item }: { item: CreationItem }) {
  const t = useT();
  return (
    <figure className={styles.videoFigure}>
      <video className={styles.video} src={item.source.url} controls muted playsInline preload="metadata" aria-label={t('create.videoPreview')} />
      <figcaption className={styles.note}>{t('create.videoNote')}</figcaption>
    </figure>
  );
}
