import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { LoadMore } from '../../ui/load-more';
import { useAdminReports } from '../../state/queries/moderation';
import { AdminFrame } from './admin-frame';
import { LoadFailed, Skeletons } from './bits';
import { ReportCard } from './report-card';
import styles from './moderation.module.css';

/** The report queue: open reports (or resolved ones), newest first, a page at a time. */
export function ModerationQueuePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const resolved = params.get('state') === 'resolved';
  const reports = useAdminReports(resolved);
  const list = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  const choose = (next: boolean) => setParams(next ? { state: 'resolved' } : {}, { replace: true });

  return (
    <AdminFrame title={t('moderation.reports')} error={reports.error}>
      <div role="tablist" aria-label={t('moderation.reports')} className={styles.tabs}>
        <button type="button" role="tab" aria-selected={!resolved} className={styles.tab} onClick={() => choose(false)}>{t('moderation.open')}</button>
        <button type="button" role="tab" aria-selected={resolved} className={styles.tab} onClick={() => choose(true)}>{t('moderation.resolved')}</button>
      </div>
      <div role="tabpanel" aria-label={t(resolved ? 'moderation.resolved' : 'moderation.open')}>
        {reports.isPending ? <Skeletons /> : null}
        {reports.isError && !reports.data ? <LoadFailed onRetry={() => void reports.refetch()} /> : null}
        {reports.data && list.length === 0 ? (
          <EmptyState icon="shield" title={t(resolved ? 'moderation.noResolved' : 'moderation.noOpen')} body={t(resolved ? 'moderation.noResolvedBody' : 'moderation.noOpenBody')} />
        ) : null}
        {list.length > 0 ? (
          <ul className={styles.grid}>
            {list.map((report) => <ReportCard key={report.id} report={report} />)}
          </ul>
        ) : null}
        <LoadMore query={reports} />
      </div>
    </AdminFrame>
  );
}
