import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Switch } from '../../ui/switch';
import { usePrivacySwitch } from '../../state/queries/profile';
import styles from './settings-pages.module.css';

/** The private account switch; switching too often is refused with the server's warning dialog. */
export function PrivateAccountSwitch({ username, isPrivate }: { username: string; isPrivate: boolean }) {
  const t = useT();
  const { mutation, limit, closeLimit } = usePrivacySwitch(username);
  // While the call runs the switch shows where it is going; a failure shows the old value again,
  // a success the value the server answered (this page's data is not the profile's it updates).
  const checked = mutation.isPending ? mutation.variables : mutation.isSuccess ? mutation.data.is_private : isPrivate;
  return (
    <div className={styles.row}>
      <div className={styles.rowText}>
        <span id="private-account-label" className={styles.label}>
          {t('graph.privateAccount')}
        </span>
        <p id="private-account-help" className={styles.help}>
          {t('graph.privateAccountHelp')}
        </p>
      </div>
      <Switch checked={checked} labelledBy="private-account-label" describedBy="private-account-help" busy={mutation.isPending} onToggle={(next) => mutation.mutate(next)} />
      <Modal open={!!limit} onClose={closeLimit} title={limit?.title || t('graph.privacyLimitTitle')}>
        <p className={styles.dialogBody}>{limit?.message || t('graph.privacyLimitBody')}</p>
        <div className={styles.dialogActions}>
          <Button block onClick={closeLimit}>
            {t('post.ok')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
