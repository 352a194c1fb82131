import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { ActivityFeed } from './activity-feed';
import { FollowRequests } from './follow-requests';
import styles from './activity.module.css';

/** `/accounts/activity/`: follow requests on top, then the activity feed (showing it marks it checked). */
export function ActivityPage() {
  const t = useT();
  useDocumentTitle(t('graph.activityTitle'));
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('graph.activityTitle')}</h1>
      <FollowRequests />
      <section className={styles.section} aria-labelledby="activity-feed-title">
        <h2 id="activity-feed-title" className={styles.sectionTitle}>
          {t('graph.activityTitle')}
        </h2>
        <ActivityFeed />
      </section>
    </div>
  );
}
