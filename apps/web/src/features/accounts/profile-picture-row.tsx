import { useReducer, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../state/toast/toast-context';
import { useT } from '../../lib/i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { Modal } from '../../ui/modal';
import { useSession } from '../../state/session';
import { AvatarCropDialog } from './avatar-crop-dialog';
import { removeProfilePicture, uploadProfilePicture } from '../../state/queries/account';
import { initialProfilePicture, pictureToast, profilePictureReducer, type PictureChange } from './profile-picture-reducer';
import styles from './edit-profile.module.css';

/**
 * Spec 000 §4: the avatar, "Change profile photo" (upload / remove / cancel) and the first-post
 * upsell. A chosen file is cropped to a circle first; the cropped square is what gets uploaded.
 */
export function ProfilePictureRow() {
  const t = useT();
  const { viewer, refresh } = useSession();
  const { showToast } = useToast();
  const [state, dispatch] = useReducer(profilePictureReducer, initialProfilePicture);
  const [choosing, setChoosing] = useState(false);
  const [cropping, setCropping] = useState<File | null>(null);
  const busy = state.status === 'requested';

  const change = async (kind: PictureChange, file?: File) => {
    setChoosing(false);
    dispatch({ type: 'request', change: kind });
    try {
      const answer = kind === 'set' && file ? await uploadProfilePicture(file) : await removeProfilePicture();
      const next = profilePictureReducer({ status: 'requested', change: kind }, { type: 'answered', answer });
      dispatch({ type: 'answered', answer });
      if (pictureToast(next)) {
        showToast({ text: t(kind === 'set' ? 'account.picture.updated' : 'account.picture.removed') });
        // The nav avatar and the home card read the session's viewer.
        void refresh().catch(() => undefined);
      } else showToast({ text: t('account.picture.failed') });
    } catch {
      dispatch({ type: 'failed' });
      showToast({ text: t('account.picture.failed') });
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setChoosing(false);
    setCropping(file);
  };

  const onCropped = (file: File) => {
    setCropping(null);
    void change('set', file);
  };

  return (
    <div className={styles.pictureRow}>
      <Avatar src={viewer?.has_profile_pic ? viewer.profile_pic_url : null} alt="" size={56} />
      <div className={styles.pictureText}>
        <span className={styles.pictureName}>{viewer?.username}</span>
        <button type="button" className={styles.linkButton} aria-haspopup="dialog" aria-busy={busy || undefined} disabled={busy} onClick={() => setChoosing(true)}>
          {t('account.picture.change')}
        </button>
        {state.status === 'failed' ? (
          <p className={styles.error} role="alert">
            {t('account.picture.failed')}
          </p>
        ) : null}
      </div>
      <Modal open={choosing} onClose={() => setChoosing(false)} title={t('account.picture.change')}>
        <div className={styles.choices}>
          <label className={`${styles.choice} ${styles.choicePrimary}`}>
            {t('account.picture.upload')}
            <input type="file" accept="image/jpeg,image/png" className="visually-hidden" aria-label={t('account.picture.upload')} onChange={onFile} />
          </label>
          <button type="button" className={`${styles.choice} ${styles.choiceDanger}`} onClick={() => void change('remove')}>
            {t('account.picture.remove')}
          </button>
          <button type="button" className={styles.choice} onClick={() => setChoosing(false)}>
            {t('account.picture.cancel')}
          </button>
        </div>
      </Modal>
      {cropping ? <AvatarCropDialog file={cropping} onCancel={() => setCropping(null)} onApply={onCropped} /> : null}
      <Modal open={state.status === 'succeeded' && state.upsell} onClose={() => dispatch({ type: 'reset' })} title={t('account.picture.upsellTitle')}>
        <div className={styles.upsell}>
          <p>{t('account.picture.upsellBody')}</p>
          <Link to="/create/style/" className={styles.choicePrimary} onClick={() => dispatch({ type: 'reset' })}>
            {t('account.picture.upsellAction')}
          </Link>
        </div>
      </Modal>
    </div>
  );
}
