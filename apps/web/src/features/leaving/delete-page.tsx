import { Link } from 'react-router';
import { ACCOUNT_DELETION_DAYS_DEFAULT } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { DEACTIVATE_PATH, DOWNLOAD_DATA_PATH, deleteAccount, useDeletePage } from '../../state/queries/leaving';
import { SettingsLayout } from '../accounts/settings-layout';
import { LeaveForm } from './leave-form';
import styles from './leaving.module.css';

/** `/accounts/remove/request/permanent/`: hidden at once, deleted for good after the days unless the person logs in. */
export function DeletePage() {
  const t = useT();
  useDocumentTitle(t('leaving.delete.title'));
  const days = useDeletePage().data?.deletion_days ?? ACCOUNT_DELETION_DAYS_DEFAULT;
  return (
    <SettingsLayout title={t('leaving.delete.title')}>
      <p className={styles.intro}>{t('leaving.delete.intro', { days })}</p>
      <p className={styles.intro}>
        {t('leaving.delete.keepCopy')} <Link to={DOWNLOAD_DATA_PATH}>{t('leaving.download.title')}</Link>
      </p>
      <LeaveForm
        submitLabel={t('leaving.delete.submit')}
        confirmTitle={t('leaving.delete.confirmTitle')}
        confirmBody={t('leaving.delete.confirmBody', { days })}
        confirmLabel={t('leaving.delete.confirm')}
        send={(password) => deleteAccount(password)}
        destination="/accounts/login/?source=delete"
      />
      <p className={styles.aside}>
        {t('leaving.delete.deactivateInstead')} <Link to={DEACTIVATE_PATH}>{t('leaving.deactivate.title')}</Link>
      </p>
    </SettingsLayout>
  );
}
