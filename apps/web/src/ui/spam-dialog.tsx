import type { SpamFeedback } from '@shutter/contract';
import { useT } from '../lib/i18n/i18n';
import { Modal } from './modal';
import styles from './spam-dialog.module.css';

/**
 * An action the service refused as spam (a like, a profile save) shows the server's title, message
 * and link (spec 001 §4, 002 §8).
 */
export function SpamDialog({ feedback, onClose }: { feedback: SpamFeedback | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={!!feedback} onClose={onClose} title={feedback?.feedback_title || t('post.spamTitle')}>
      <p className={styles.body}>{feedback?.feedback_message}</p>
      <div className={styles.choices}>
        {feedback?.feedback_url ? (
          <a className={styles.choice} href={feedback.feedback_url} target="_blank" rel="noopener noreferrer">
            {t('post.spamLink')}
          </a>
        ) : null}
        <button type="button" className={styles.choice} onClick={onClose}>
          {t('post.ok')}
        </button>
      </div>
    </Modal>
  );
}
