import { useT } from '../../lib/i18n/i18n';
import { Icon } from '../../ui/icon';
import type { PostView } from '../../state/queries/post';
import styles from './post-card.module.css';

interface PostActionBarProps {
  view: PostView;
  onLike: () => void;
  onComment: () => void;
  onShare: () => void;
  onSave: () => void;
}

/** Like, Comment, Share and Save; Like and Save are toggle buttons (aria-pressed). */
export function PostActionBar({ view, onLike, onComment, onShare, onSave }: PostActionBarProps) {
  const t = useT();
  return (
    <div className={styles.actions} role="group" aria-label={t('post.actions')}>
      <button
        type="button"
        className={`${styles.iconButton} ${view.liked ? styles.liked : ''}`}
        aria-label={view.liked ? t('post.unlike') : t('post.like')}
        aria-pressed={view.liked}
        onClick={onLike}
      >
        <Icon name="heart" filled={view.liked} />
      </button>
      <button type="button" className={styles.iconButton} aria-label={t('post.comment')} onClick={onComment}>
        <Icon name="comment" />
      </button>
      <button type="button" className={styles.iconButton} aria-label={t('post.share')} onClick={onShare}>
        <Icon name="send" />
      </button>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.save}`}
        aria-label={view.saved ? t('post.unsave') : t('post.save')}
        aria-pressed={view.saved}
        onClick={onSave}
      >
        <Icon name="bookmark" filled={view.saved} />
      </button>
    </div>
  );
}
