import { Link } from 'react-router';
import type { AdminReport } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { AccountLine, Label, ThingPreview, TimeAgo } from './bits';
import styles from './moderation.module.css';

export const reportPath = (id: string) => `/admin/reports/${id}/`;

/** The reasons chosen, each with how many people chose it. */
export function Reasons({ report }: { report: AdminReport }) {
  const t = useT();
  return (
    <ul className={styles.reasons}>
      {report.reasons.map((reason) => (
        <li key={reason.tag_type}>
          <Label tone="warn">{reason.count > 1 ? t('moderation.reasonCount', { reason: reason.tag_text, count: reason.count }) : reason.tag_text}</Label>
        </li>
      ))}
    </ul>
  );
}

export function reporterLine(t: ReturnType<typeof useT>, count: number) {
  return count === 1 ? t('moderation.reportersOne') : t('moderation.reporters', { count });
}

/** One report in the queue; the whole card opens the report (its link stretches over it). */
export function ReportCard({ report }: { report: AdminReport }) {
  const t = useT();
  return (
    <li className={styles.card}>
      <Link to={reportPath(report.id)} className={styles.cardLink} aria-label={t('moderation.openReport', { username: report.target_account.username })}>
        <ThingPreview thing={report.thing} />
      </Link>
      <AccountLine account={report.target_account} />
      <Reasons report={report} />
      <div className={styles.footer}>
        <span>{reporterLine(t, report.reporter_count)}</span>
        <TimeAgo iso={report.created_at} />
      </div>
    </li>
  );
}
