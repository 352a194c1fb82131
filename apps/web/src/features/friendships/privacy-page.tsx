import { Link } from 'react-router';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { SettingsLayout } from '../accounts/settings-layout';
import { useSession } from '../../state/session';
import { usePrivacySwitch, useProfileData } from '../../state/queries/profile';
import styles from './privacy.module.css';

function PrivacySwitch({ username, isPrivate }: { username: string; isPrivate: boolean }) {
  const t = useT();
  const { mutation, limit, closeLimit } = usePrivacySwitch(username);
  // While the call runs the switch shows where it is going; a failure shows the old value again.
  const checked = mutation.isPending ? mutation.variables : isPrivate;
  return (
    <div className={styles.setting}>
      <div className={styles.settingText}>
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

/** `/accounts/privacy_and_security/`: the private account switch. */
export function PrivacyPage() {
  const t = useT();
  useDocumentTitle(t('graph.privacyTitle'));
  const { viewer } = useSession();
  const username = viewer?.username ?? '';
  const query = useProfileData(username, { enabled: !!viewer });
  const user = query.data?.graphql.user;
  return (
    <SettingsLayout title={t('graph.privacyTitle')}>
      <h2 className={styles.heading}>{t('graph.accountPrivacy')}</h2>
      {user ? (
        <PrivacySwitch username={username} isPrivate={user.is_private} />
      ) : query.isError ? (
        <div className={styles.state}>
          <p>{t('app.error.body')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('app.error.retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.state}>
          <Spinner size={24} label={t('app.loading')} />
        </div>
      )}
      <h2 className={styles.heading}>{t('closeFriends.title')}</h2>
      <p>
        <Link to="/accounts/close_friends/">{t('closeFriends.edit')}</Link>
      </p>
    </SettingsLayout>
  );
}
