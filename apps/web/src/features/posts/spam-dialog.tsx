import type { SpamFeedback } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Modal } from '../../ui/modal';
import styles from './post-card.module.css';

/** Spec 002 §8: a like or unlike refused as spam shows the server's title, message and link. */
export function SpamDialog({ feedback, onClose }: { feedback: SpamFeedback | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={!!feedback} onClose={onClose} title={feedback?.feedback_title || t('post.spamTitle')}>
      <p className={styles.dialogBody}>{feedback?.feedback_message}</p>
      <div className={styles.dialogChoices}>
        {feedback?.feedback_url ? (
          <a className={styles.dialogChoice} href={feedback.feedback_url} target="_blank" rel="noopener noreferrer">
            {t('post.spamLink')}
          </a>
        ) : null}
        <button type="button" className={styles.dialogChoice} onClick={onClose}>
          {t('post.ok')}
        </button>
      </div>
    </Modal>
  );
}
