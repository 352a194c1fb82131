import { useReducer, type ReactNode } from 'react';
import type { UserSummary } from '@shutter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/toast/toast-provider';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { useSentinel } from '../../lib/use-sentinel';
import { Button } from '../../ui/button';
import { useSession } from '../auth/session';
import { followRequestReducer, initialFollowRequests, requestState } from './follow-request-reducer';
import { FollowRequestRow } from './follow-request-row';
import { useFollowRequests } from './follow-requests-api';
import styles from './activity.module.css';

/** Approve and ignore (R-000-follow-requests-8: the server lists only the owner's own requests). */
function useRequestActions() {
  const t = useT();
  const { showToast } = useToast();
  const { viewer } = useSession();
  const client = useQueryClient();
  const [state, dispatch] = useReducer(followRequestReducer, initialFollowRequests);
  const approve = async (user: UserSummary) => {
    dispatch({ type: 'approve', id: user.id });
    try {
      await apiPost(`/web/friendships/${user.id}/approve/`);
      dispatch({ type: 'approveSucceeded', id: user.id });
      // The new follower shows in the viewer's follower count.
      if (viewer) void client.invalidateQueries({ queryKey: pageDataKey(`/${viewer.username}/`) });
    } catch {
      dispatch({ type: 'approveFailed', id: user.id });
      showToast({ text: t('graph.approveFailed', { username: user.username }) });
    }
  };
  const ignore = async (user: UserSummary) => {
    dispatch({ type: 'ignore', id: user.id });
    try {
      await apiPost(`/web/friendships/${user.id}/ignore/`);
      dispatch({ type: 'ignoreSucceeded', id: user.id });
    } catch {
      dispatch({ type: 'ignoreFailed', id: user.id });
      showToast({ text: t('graph.ignoreFailed', { username: user.username }) });
    }
  };
  return { state, approve, ignore };
}

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
