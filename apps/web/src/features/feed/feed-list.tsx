import { memo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { useSentinel } from '../../lib/use-sentinel';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { PostCard } from '../posts/post-card';
import { FollowedHashtagLabel } from '../hashtags/followed-hashtag-label';
import { feedRows, firstScreenRows, firstScreenThenRest, type FeedRow } from './feed-rows';
import { FeedSkeleton } from './feed-skeleton';
import { ContactImportUpsell } from '../contact-import/contact-upsell';
import { useFeed } from '../../state/queries/feed';
import styles from './feed.module.css';

/**
 * A post of the feed, rendered again only when it changed: the list renders again for its own
 * reasons (hydration done, a page added, the "new posts" pill), and a card is costly on a phone.
 */
const FeedPost = memo(function FeedPost({ post, priority }: { post: MediaNode; priority: boolean }) {
  return <PostCard post={post} priority={priority} above={<FollowedHashtagLabel post={post} />} />;
});

/**
 * The feed column: skeletons, the empty and error states, posts, the next-page row, and a unit
 * (suggestions) placed among the posts or under the empty state.
 */
export function FeedList({ unit }: { unit?: ReactNode }) {
  const t = useT();
  const feed = useFeed();
  const sentinel = useSentinel<HTMLDivElement>(feed.loadMore, feed.canLoadMore && !feed.state.failed);
  const allRows = feedRows(feed.state, feed.posts, feed.nextPageFailed, !!unit);
  const hydrated = useHydrated();
  // Mounted by the app (a tap on Home, a way back): the whole page at once, so that a remembered
  // scroll position has its height. Hydrating the server's page: the rest once the reader nears it.
  const [restShown, setRestShown] = useState(hydrated);
  const rest = useSentinel<HTMLDivElement>(() => setRestShown(true), hydrated && !restShown);
  const rows = !hydrated ? firstScreenRows(allRows) : restShown ? allRows : firstScreenThenRest(allRows);

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
        return <FeedPost key={row.key} post={row.post} priority={row.priority} />;
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
      case 'rest':
        return <div key={row.key} ref={rest} className={styles.rest} />;
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
