import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { useActivityFeed, useMarkChecked } from './activity-api';
import { ActivityRow } from './activity-row';
import styles from './activity.module.css';

/** The activity stories, newest first; showing them marks the feed checked. */
export function ActivityFeed({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const query = useActivityFeed();
  const feed = query.data?.graphql.user.activity_feed;
  useMarkChecked(feed?.timestamp);

  if (query.isPending)
    return (
      <div className={styles.state}>
        <Spinner size={28} label={t('app.loading')} />
      </div>
    );
  if (query.isError || !feed)
    return (
      <div className={styles.state}>
        <p>{t('account.activity.failed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('post.retry')}
        </Button>
      </div>
    );
  const stories = feed.edge_web_activity_feed.edges.map((edge) => edge.node);
  if (stories.length === 0) return <EmptyState icon="heart" title={t('graph.noActivity')} body={t('graph.noActivityBody')} />;
  return (
    <ul className={styles.list}>
      {stories.map((story) => (
        <ActivityRow key={story.id} story={story} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
