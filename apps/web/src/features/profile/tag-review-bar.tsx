import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import styles from './profile-grid.module.css';

interface TagReviewBarProps {
  post: MediaNode;
  onApprove: () => void;
  onRemove: () => void;
}

/** Over a pending tag on the tagged person's own Tagged tab: approve it or remove themselves. */
export function TagReviewBar({ post, onApprove, onRemove }: TagReviewBarProps) {
  const t = useT();
  const username = post.owner.username;
  return (
    <div className={styles.review} role="group" aria-label={t('graph.pendingTag', { username })}>
      <button type="button" className={styles.reviewButton} onClick={onApprove} aria-label={t('graph.approveTagOn', { username })}>
        {t('graph.approveTag')}
      </button>
      <button type="button" className={styles.reviewButton} onClick={onRemove} aria-label={t('graph.removeTagOn', { username })}>
        {t('graph.removeTag')}
      </button>
    </div>
  );
}
