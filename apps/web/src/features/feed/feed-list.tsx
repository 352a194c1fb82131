import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { useSentinel } from '../../lib/use-sentinel';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { PostCard } from '../posts/post-card';
import { FollowedHashtagLabel } from '../hashtags/followed-hashtag-label';
import { feedRows, firstScreenRows, type FeedRow } from './feed-rows';
import { FeedSkeleton } from './feed-skeleton';
import { ContactImportUpsell } from '../contact-import/contact-upsell';
import { useFeed } from '../../state/queries/feed';
import styles from './feed.module.css';

/**
 * The feed column: skeletons, the empty and error states, posts, the next-page row, and a unit
 * (suggestions) placed among the posts or under the empty state.
 */
export function FeedList({ unit }: { unit?: ReactNode }) {
  const t = useT();
  const feed = useFeed();
  const sentinel = useSentinel<HTMLDivElement>(feed.loadMore, feed.canLoadMore && !feed.state.failed);
  const allRows = feedRows(feed.state, feed.posts, feed.nextPageFailed, !!unit);
  const rows = useHydrated() ? allRows : firstScreenRows(allRows);

  const render = (row: FeedRow) => {
    switch (row.kind) {
      case 'skeleton':
        return <FeedSkeleton key={row.key} />;
      case 'empty':
        return (
          <div key={row.key} className={styles.emptyCard}>
            <EmptyState icon="camera" title={t('feed.emptyTitle')} body={t('feed.emptyBody')} level={2}>
              <Link className={buttonClass('primary')} to="/explore/people/">
                {t('feed.findPeople')}
              </Link>
              <Link className={buttonClass('secondary')} to="/create/style/">
                {t('feed.shareFirst')}
              </Link>
            </EmptyState>
            <ContactImportUpsell />
          </div>
        );
      case 'error':
        return (
          <div key={row.key} className={styles.emptyCard}>
            <EmptyState icon="alert" title={t('feed.errorTitle')} body={t('feed.errorBody')} level={2}>
              <Button onClick={feed.retry}>{t('post.retry')}</Button>
            </EmptyState>
          </div>
        );
      case 'stale':
        return (
          <div key={row.key} className={styles.notice} role="status">
            <span>{t('feed.staleNotice')}</span>
            <Button variant="link" onClick={feed.retry}>
              {t('post.retry')}
            </Button>
          </div>
        );
      case 'post':
        return <PostCard key={row.key} post={row.post} priority={row.priority} above={<FollowedHashtagLabel post={row.post} />} />;
      case 'more':
        return (
          <div key={row.key} ref={sentinel} className={styles.more}>
            {feed.loadingMore ? (
              <Spinner size={28} label={t('feed.loadingMore')} />
            ) : (
              <Button variant="secondary" onClick={feed.loadMore} disabled={!feed.canLoadMore}>
                {t('feed.loadMore')}
              </Button>
            )}
          </div>
        );
      case 'moreError':
        return (
          <div key={row.key} className={styles.more}>
            <p>{t('feed.moreFailed')}</p>
            <Button variant="secondary" onClick={feed.retry}>
              {t('post.retry')}
            </Button>
          </div>
        );
      case 'unit':
        return <div key={row.key}>{unit}</div>;
      case 'end':
        return (
          <p key={row.key} className={styles.end}>
            {t('feed.caughtUp')}
          </p>
        );
    }
  };

  return (
    <>
      {feed.state.staged && feed.state.badgeCount > 0 ? (
        <div className={styles.pillBar}>
          <button type="button" className={styles.pill} onClick={feed.commitStaged}>
            {t(feed.state.badgeCount === 1 ? 'feed.newPostsOne' : 'feed.newPostsMany', { count: feed.state.badgeCount > 9 ? '9+' : feed.state.badgeCount })}
          </button>
        </div>
      ) : null}
      {feed.state.isLoading && feed.posts.length === 0 ? <span className="visually-hidden" role="status">{t('app.loading')}</span> : null}
      {rows.map(render)}
    </>
  );
}
