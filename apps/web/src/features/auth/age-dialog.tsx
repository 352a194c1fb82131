import { MIN_SIGNUP_AGE } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import styles from './auth.module.css';

/** Spec 000: an age failure shows a dialog with a title, a message and a confirmation. */
export function AgeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('birthday.tooYoungTitle')}>
      <div className={styles.dialogBody}>
        <p>{t('birthday.tooYoungBody', { min: MIN_SIGNUP_AGE })}</p>
        <Button block onClick={onClose}>
          {t('birthday.tooYoungOk')}
        </Button>
      </div>
    </Modal>
  );
}
