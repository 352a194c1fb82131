import { Link } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { useSentinel } from '../../lib/use-sentinel';
import { StoryAvatar } from '../stories/story-avatar';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import type { FollowListUser } from '../../state/queries/follow-lists';
import { FollowButton } from './follow-button';
import styles from './follow-list.module.css';

interface FollowListRowsProps {
  users: FollowListUser[];
  viewerId: string | undefined;
  hasNextPage: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onLoadMore: () => void;
}

/** People with their follow button (none on the viewer's own row), and infinite scroll. */
export function FollowListRows({ users, viewerId, hasNextPage, loadingMore, moreFailed, onLoadMore }: FollowListRowsProps) {
  const t = useT();
  const sentinel = useSentinel<HTMLDivElement>(onLoadMore, hasNextPage && !loadingMore && !moreFailed, '200px');
  return (
    <>
      <ul className={styles.list}>
        {users.map((user) => (
          <li key={user.id} className={styles.row}>
            <StoryAvatar user={user} size={44} />
            <span className={styles.text}>
              <Link to={`/${user.username}/`} className={styles.username}>
                {user.username}
              </Link>
              {user.full_name ? <span className={styles.fullName}>{user.full_name}</span> : null}
            </span>
            {user.id === viewerId ? null : <FollowButton user={user} compact />}
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div ref={sentinel} className={styles.more}>
          {moreFailed ? <p className={styles.moreError}>{t('lists.failed')}</p> : null}
          {loadingMore ? (
            <Spinner size={24} label={t('graph.loadingMore')} />
          ) : (
            <Button variant="secondary" onClick={onLoadMore}>
              {moreFailed ? t('post.retry') : t('lists.loadMore')}
            </Button>
          )}
        </div>
      ) : null}
    </>
  );
}
