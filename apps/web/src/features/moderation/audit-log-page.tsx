import { useT } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { LoadMore } from '../../ui/load-more';
import { Link } from 'react-router';
import { useAuditLog } from '../../state/queries/moderation';
import { AdminFrame } from './admin-frame';
import { KIND_LABEL } from './audit-line';
import { LoadFailed, Skeletons, TimeAgo, TYPE_LABEL } from './bits';
import { reportPath } from './report-card';
import styles from './moderation.module.css';

/** Every moderation action, newest first: who, what, when, and to whom. */
export function AuditLogPage() {
  const t = useT();
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <AdminFrame title={t('moderation.auditLog')} error={log.error}>
      {log.isPending ? <Skeletons row count={6} /> : null}
      {log.isError && !log.data ? <LoadFailed onRetry={() => void log.refetch()} /> : null}
      {log.data && entries.length === 0 ? <EmptyState icon="clock" title={t('moderation.audit.empty')} body={t('moderation.audit.emptyBody')} /> : null}
      {entries.length > 0 ? (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('moderation.auditLog')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('moderation.audit.who')}</th>
              <th scope="col">{t('moderation.audit.what')}</th>
              <th scope="col">{t('moderation.audit.when')}</th>
              <th scope="col">{t('moderation.audit.target')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td><strong>{entry.account.username}</strong></td>
                <td>
                  {t(KIND_LABEL[entry.action])}
                  {entry.text ? <div className={styles.meta}>{entry.text}</div> : null}
                </td>
                <td><TimeAgo iso={entry.created_at} /></td>
                <td>
                  {[entry.object_type ? t(TYPE_LABEL[entry.object_type]) : null, entry.target_account?.username].filter(Boolean).join(' · ')}
                  {entry.report_id ? <> · <Link to={reportPath(entry.report_id)}>{t('moderation.audit.report')}</Link></> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <LoadMore query={log} />
    </AdminFrame>
  );
}
