import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { useSentinel } from '../../lib/use-sentinel';
import { Button } from '../../ui/button';
import { requestState } from '../../state/queries/follow-request-reducer';
import { FollowRequestRow } from './follow-request-row';
import { useFollowRequests, useRequestActions } from '../../state/queries/activity';
import styles from './activity.module.css';

/**
 * The viewer's pending follow requests with Confirm and Delete, on top of the activity page. The
 * block shows only when there are requests: a public account never sees an empty card on top.
 */
export function FollowRequests() {
  const t = useT();
  const query = useFollowRequests();
  const { state, approve, ignore } = useRequestActions();
  const sentinel = useSentinel<HTMLDivElement>(() => void query.fetchNextPage(), query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError, '200px');
  const users = (query.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? []).filter((user) => requestState(state, user.id) !== null);

  // The feed below shows the page's loading state; this block appears once there is something to show.
  if (query.status === 'pending' || (query.status === 'success' && users.length === 0)) return null;
  const section = (children: ReactNode) => (
    <section className={styles.section} aria-labelledby="follow-requests-title">
      <h2 id="follow-requests-title" className={styles.sectionTitle}>
        {t('graph.requestsTitle')}
      </h2>
      {children}
    </section>
  );
  if (users.length === 0)
    return section(
      <div className={styles.state}>
        <p>{t('graph.requestsFailed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('post.retry')}
        </Button>
      </div>,
    );
  return section(
    <>
      <ul className={styles.list}>
        {users.map((user) => (
          <FollowRequestRow
            key={user.id}
            user={user}
            state={requestState(state, user.id) ?? 'pending'}
            onConfirm={() => void approve(user)}
            onDelete={() => void ignore(user)}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div ref={sentinel} className={styles.more}>
          <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchNextPageError ? t('post.retry') : t('lists.loadMore')}
          </Button>
        </div>
      ) : null}
    </>,
  );
}
