import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ADMIN_REPORTS_PAGE_PATH, SUSPENSION_RETENTION_DAYS, type AdminReport, type AdminReportDetail } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useToast } from '../../state/toast/toast-context';
import { runReportAction, useAdminReport, useRefreshModeration } from '../../state/queries/moderation';
import { ActionDialog } from './action-dialog';
import { AdminFrame } from './admin-frame';
import { AccountLine, LoadFailed, Skeletons, ThingPreview, TimeAgo, TYPE_LABEL } from './bits';
import { AuditLine } from './audit-line';
import { ACTIONS, availableActions, type ActionId } from './report-actions';
import { Reasons, reportPath, reporterLine } from './report-card';
import { StrikeSummary } from './strike-summary';
import styles from './moderation.module.css';

/** One report: the thing, its owner's record, earlier reports and history, and the actions. */
export function ModerationReportPage() {
  const t = useT();
  const { id = '' } = useParams();
  const answer = useAdminReport(id);
  const missing = answer.error instanceof ApiError && answer.error.status === 404;
  return (
    <AdminFrame title={t('moderation.report.title')} error={answer.error}>
      <Link to={ADMIN_REPORTS_PAGE_PATH} className={styles.backLink}>
        <Icon name="chevronLeft" size={20} /> {t('moderation.report.back')}
      </Link>
      {answer.isPending ? <Skeletons count={2} /> : null}
      {missing ? <p className={styles.failure}>{t('moderation.report.notFound')}</p> : null}
      {answer.isError && !missing && !answer.data ? <LoadFailed onRetry={() => void answer.refetch()} /> : null}
      {answer.data ? <ReportView data={answer.data} /> : null}
    </AdminFrame>
  );
}

function ReportView({ data }: { data: AdminReportDetail }) {
  const t = useT();
  const { report } = data;
  return (
    <div className={styles.report}>
      <div className={styles.column}>
        <section className={`${styles.panel} ${styles.first}`} aria-labelledby="report-thing">
          <h2 id="report-thing" className="visually-hidden">{t(TYPE_LABEL[report.thing.object_type])}</h2>
          <ThingPreview thing={report.thing} large />
          <Status report={report} />
          <h3 className={styles.panelTitle}>{t('moderation.report.reasons')}</h3>
          <Reasons report={report} />
          <p className={styles.meta}>{reporterLine(t, report.reporter_count)} · <TimeAgo iso={report.created_at} /></p>
        </section>
        <section className={`${styles.panel} ${styles.third}`} aria-labelledby="report-earlier">
          <h2 id="report-earlier" className={styles.panelTitle}>{t('moderation.report.earlier')}</h2>
          {data.earlier_reports.length === 0 ? <p className={styles.muted}>{t('moderation.report.noEarlier')}</p> : (
            <ul className={styles.list}>
              {data.earlier_reports.map((earlier) => (
                <li key={earlier.id} className={styles.listItem}>
                  <Link to={reportPath(earlier.id)}><TimeAgo iso={earlier.created_at} /></Link>
                  <Reasons report={earlier} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={`${styles.panel} ${styles.third}`} aria-labelledby="report-history">
          <h2 id="report-history" className={styles.panelTitle}>{t('moderation.report.history')}</h2>
          {data.history.length === 0 ? <p className={styles.muted}>{t('moderation.report.noHistory')}</p> : (
            <ul className={styles.list}>
              {data.history.map((entry) => <li key={entry.id} className={styles.listItem}><AuditLine entry={entry} /></li>)}
            </ul>
          )}
        </section>
      </div>
      <div className={styles.column}>
        <section className={`${styles.panel} ${styles.second}`} aria-labelledby="report-owner">
          <h2 id="report-owner" className={styles.panelTitle}>{t('moderation.report.owner')}</h2>
          <AccountLine account={report.target_account} size={56} />
          <h3 className={styles.panelTitle}>{t('moderation.report.actions')}</h3>
          <Actions report={report} />
        </section>
        <section className={`${styles.panel} ${styles.second}`} aria-labelledby="report-strikes">
          <h2 id="report-strikes" className={styles.panelTitle}>{t('moderation.report.ownerStrikes')}</h2>
          {data.owner_strikes.length === 0 ? <p className={styles.muted}>{t('moderation.report.noOwnerStrikes')}</p> : (
            <ul className={styles.list}>
              {data.owner_strikes.map((strike) => <li key={strike.id} className={styles.listItem}><StrikeSummary strike={strike} /></li>)}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function Status({ report }: { report: AdminReport }) {
  const t = useT();
  const { locale } = useI18n();
  if (!report.action_taken) return <p className={styles.stateLine}><Icon name="clock" size={18} />{t('moderation.report.statusOpen')}</p>;
  const when = report.action_taken_at ? new Date(report.action_taken_at) : null;
  const time = when ? when.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  const by = report.action_taken_by_account;
  return (
    <p className={styles.stateLine}>
      <Icon name="check" size={18} />
      {by ? t('moderation.report.statusResolved', { username: by.username, time }) : t('moderation.report.statusResolvedNoOne', { time })}
    </p>
  );
}

function Actions({ report }: { report: AdminReport }) {
  const t = useT();
  const { locale } = useI18n();
  const { showToast } = useToast();
  const refresh = useRefreshModeration();
  const [asking, setAsking] = useState<ActionId | null>(null);
  const username = report.target_account.username;
  const thing = t(TYPE_LABEL[report.thing.object_type]).toLocaleLowerCase(locale);
  const vars = { username, thing, days: SUSPENSION_RETENTION_DAYS };
  const spec = asking ? ACTIONS[asking] : null;
  return (
    <>
      <div className={styles.actions}>
        {availableActions(report).map((id) => (
          <Button key={id} variant={ACTIONS[id].danger ? 'danger' : 'secondary'} onClick={() => setAsking(id)}>
            {t(ACTIONS[id].label, vars)}
          </Button>
        ))}
      </div>
      {asking && spec ? (
        <ActionDialog
          title={t(spec.label, vars)}
          body={t(spec.confirm, vars)}
          confirmText={t(spec.label, vars)}
          danger={spec.danger}
          noteLabel={spec.note === 'owner' ? t('moderation.action.note', { username }) : spec.note === 'log' ? t('moderation.action.dismissNote') : undefined}
          noteHint={spec.note === 'owner' ? t('moderation.action.noteHint') : undefined}
          onClose={() => setAsking(null)}
          onConfirm={async (note) => {
            await runReportAction(report.id, report.target_account.id, spec.request, note);
            await refresh();
            setAsking(null);
            const done = t(spec.done, vars);
            showToast({ text: done.charAt(0).toLocaleUpperCase(locale) + done.slice(1) });
          }}
        />
      ) : null}
    </>
  );
}
