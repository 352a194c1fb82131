import { useState } from 'react';
import { Link } from 'react-router';
import { DEACTIVATION_REASONS, type DeactivationReason } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { AFTER_DEACTIVATION_PATH, DELETE_PATH, deactivateAccount } from '../../state/queries/leaving';
import { SettingsLayout } from '../accounts/settings-layout';
import { LeaveForm } from './leave-form';
import styles from './leaving.module.css';

/** `/accounts/remove/request/temporary/` (R-000-routes-15): hide the account until the next login. */
export function DeactivatePage() {
  const t = useT();
  useDocumentTitle(t('leaving.deactivate.title'));
  const [reason, setReason] = useState<DeactivationReason | ''>('');
  return (
    <SettingsLayout title={t('leaving.deactivate.title')}>
      <p className={styles.intro}>{t('leaving.deactivate.intro')}</p>
      <LeaveForm
        submitLabel={t('leaving.deactivate.submit')}
        confirmTitle={t('leaving.deactivate.confirmTitle')}
        confirmBody={t('leaving.deactivate.confirmBody')}
        confirmLabel={t('leaving.deactivate.confirm')}
        send={(password) => deactivateAccount(password, reason)}
        destination={AFTER_DEACTIVATION_PATH}
      >
        <label className={styles.field}>
          <span className={styles.label}>{t('leaving.deactivate.reason')}</span>
          <select className={styles.select} value={reason} onChange={(event) => setReason(event.target.value as DeactivationReason | '')}>
            <option value="">{t('leaving.deactivate.reasonPick')}</option>
            {DEACTIVATION_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`leaving.reason.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </LeaveForm>
      <p className={styles.aside}>
        {t('leaving.deactivate.deleteInstead')} <Link to={DELETE_PATH}>{t('leaving.delete.title')}</Link>
      </p>
    </SettingsLayout>
  );
}
