import type { StoryAudience } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Spinner } from '../../ui/spinner';
import type { StoryCreationState } from './story-reducer';
import styles from './story-create.module.css';

/** Over the frame while the story is sent: what is being done, and how far it is. */
export function ShareProgress({ share }: { share: StoryCreationState['share'] }) {
  const t = useT();
  const percent = Math.round(share.progress * 100);
  return (
    <div className={styles.shareOverlay}>
      <p aria-live="polite">
        <Spinner size={18} /> {share.status === 'uploading' ? t('storyCreate.share.uploading') : t('storyCreate.share.configuring')}
      </p>
      <div className={styles.progress} role="progressbar" aria-label={t('storyCreate.share.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Why sharing failed, and sharing again with the same audience. */
export function ShareFailure({ share, onShare }: { share: StoryCreationState['share']; onShare: (audience: StoryAudience) => void }) {
  const t = useT();
  return (
    <div className={styles.failure} role="alert">
      <p>{share.error}</p>
      <button type="button" className={styles.failureAction} onClick={() => onShare(share.audience)}>
        {t('storyCreate.share.retry')}
      </button>
    </div>
  );
}

/** The two ways to share under the frame: with everyone, or with close friends. */
export function ShareBar({ disabled, onShare }: { disabled: boolean; onShare: (audience: StoryAudience) => void }) {
  const t = useT();
  return (
    <div className={styles.shareBar} role="group" aria-label={t('storyCreate.share.label')}>
      <button type="button" className={styles.shareButton} onClick={() => onShare('everyone')} disabled={disabled}>
        <span className={styles.shareAvatar} aria-hidden="true" />
        {t('storyCreate.share.everyone')}
      </button>
      <button type="button" className={`${styles.shareButton} ${styles.besties}`} onClick={() => onShare('besties')} disabled={disabled}>
        <span className={styles.bestiesMark} aria-hidden="true">★</span>
        {t('storyCreate.share.besties')}
      </button>
    </div>
  );
}
