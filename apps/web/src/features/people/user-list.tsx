import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserSummary } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { useSentinel } from '../../lib/use-sentinel';
import { StoryAvatar } from '../stories/story-avatar';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import styles from '../../ui/user-list.module.css';

interface UserListProps<U extends UserSummary> {
  users: U[];
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  loadingMore: boolean;
  /** A next-page failure: the loaded rows stay, with a Retry. */
  moreFailed: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  emptyText: string;
  onNavigate?: () => void;
  /** What each row offers at its end (a follow button). */
  action?: (user: U) => ReactNode;
  /** The list's name for assistive technology, when the page holds more than one. */
  label?: string;
}

/** Rows of people (avatar, username, full name) with infinite scroll and a Load more fallback. */
export function UserList<U extends UserSummary>({ users, status, hasNextPage, loadingMore, moreFailed, onLoadMore, onRetry, emptyText, onNavigate, action, label }: UserListProps<U>) {
  const t = useT();
  const sentinel = useSentinel<HTMLDivElement>(onLoadMore, hasNextPage && !loadingMore && !moreFailed, '200px');
  if (status === 'pending')
    return (
      <div className={styles.state}>
        <Spinner size={28} label={t('app.loading')} />
      </div>
    );
  if (status === 'error' && users.length === 0)
    return (
      <div className={styles.state}>
        <p>{t('lists.failed')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('post.retry')}
        </Button>
      </div>
    );
  if (users.length === 0) return <p className={styles.state}>{emptyText}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {users.map((user) => (
          <li key={user.id} className={styles.row}>
            <StoryAvatar user={user} size={44} onNavigate={onNavigate} />
            <span className={styles.text}>
              <Link to={`/${user.username}/`} className={styles.username} onClick={onNavigate}>
                {user.username}
              </Link>
              {user.full_name ? <span className={styles.fullName}>{user.full_name}</span> : null}
            </span>
            {action?.(user)}
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div ref={sentinel} className={styles.more}>
          {moreFailed ? <p className={styles.moreError}>{t('lists.failed')}</p> : null}
          <Button variant="secondary" busy={loadingMore} onClick={onLoadMore}>
            {moreFailed ? t('post.retry') : t('lists.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
