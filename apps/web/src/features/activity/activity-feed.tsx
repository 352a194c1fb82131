import { useT, type MessageId } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { useActivityFeed, useMarkChecked } from '../../state/queries/activity';
import { groupActivity, type SectionKey } from './activity-groups';
import { ActivityRow } from './activity-row';
import styles from './activity.module.css';

const SECTION_TITLES: Record<SectionKey, MessageId> = {
  today: 'account.activity.today',
  week: 'account.activity.thisWeek',
  month: 'account.activity.thisMonth',
  earlier: 'account.activity.earlier',
};

/** The activity stories, newest first, in sections by age; showing them marks the feed checked. */
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
    <>
      {groupActivity(stories, new Date()).map((section) => (
        <section key={section.key} className={styles.period} aria-labelledby={`activity-${section.key}`}>
          <h3 id={`activity-${section.key}`} className={styles.periodTitle}>
            {t(SECTION_TITLES[section.key])}
          </h3>
          <ul className={styles.list}>
            {section.lines.map((line) => (
              <ActivityRow key={line.story.id} story={line.story} others={line.users.slice(1)} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
