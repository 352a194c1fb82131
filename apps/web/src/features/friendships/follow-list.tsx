import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { HashtagsRow } from '../hashtags/hashtags-row';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ListSearch } from '../../ui/list-search';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { filterUsers } from '../../ui/user-filter';
import { useSession } from '../../state/session';
import { NotFoundPage } from '../placeholders/placeholder-pages';
import { canSeeContent, profilePath, useProfileData } from '../../state/queries/profile';
import { useFollowList } from '../../state/queries/follow-lists';
import { parseFollowListPath, type FollowListPath } from '../../lib/follow-list-path';
import { FollowListRows } from './follow-list-rows';
import styles from './follow-list.module.css';

function Loading() {
  const t = useT();
  return (
    <div className={styles.state}>
      <Spinner size={28} label={t('app.loading')} />
    </div>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className={styles.state}>
      <p>{t('lists.failed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('post.retry')}
      </Button>
    </div>
  );
}

function People({ userId, list }: { userId: string; list: FollowListPath }) {
  const t = useT();
  const { viewer } = useSession();
  const query = useFollowList(userId, list.type, list.mutual);
  const [search, setSearch] = useState('');
  const users = query.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? [];
  if (query.status === 'pending') return <Loading />;
  if (query.status === 'error' && users.length === 0) return <Failed onRetry={() => void query.refetch()} />;
  if (users.length === 0)
    return <EmptyState icon="users" title={t(list.type === 'followers' ? 'graph.noFollowers' : 'graph.noFollowing')} body={t(list.type === 'followers' ? 'graph.noFollowersBody' : 'graph.noFollowingBody')} />;
  const shown = filterUsers(users, search);
  return (
    <>
      <ListSearch value={search} onChange={setSearch} />
      {shown.length === 0 ? <p className={styles.state}>{t('lists.noMatches')}</p> : null}
      <FollowListRows
        users={shown}
        viewerId={viewer?.id}
        hasNextPage={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        moreFailed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

/** The list under its owner's page data: an unknown user goes to that user's path (R-002-follow-lists-3). */
function FollowListBody({ list }: { list: FollowListPath }) {
  const t = useT();
  const profile = useProfileData(list.username);
  const user = profile.data?.graphql.user;
  if (profile.error instanceof ApiError && profile.error.status === 404) return <Navigate to={profilePath(list.username)} replace />;
  if (profile.isError) return <Failed onRetry={() => void profile.refetch()} />;
  if (!user) return <Loading />;
  if (!canSeeContent(user)) return <EmptyState icon="lock" title={t('graph.privateTitle')} body={t('graph.privateListBody')} />;
  return (
    <>
      {list.type === 'following' ? <HashtagsRow username={user.username} /> : null}
      <People userId={user.id} list={list} />
    </>
  );
}

function useTitle(list: FollowListPath | null) {
  const t = useT();
  return t(list?.type === 'following' ? 'graph.followingTitle' : 'graph.followersTitle');
}

/** `/{username}/followers/` and `/following/` as a page: narrow viewports and direct loads (spec 002 §2). */
export function FollowListPage() {
  const { pathname } = useLocation();
  const list = parseFollowListPath(pathname);
  const title = useTitle(list);
  useDocumentTitle(title);
  if (!list) return <NotFoundPage />;
  return (
    <div className={styles.page}>
      <SubPageHeader title={title} fallback={`/${list.username}/`} />
      <FollowListBody list={list} />
    </div>
  );
}

/** The same list in a modal over the profile it was opened from; closing goes back there. */
export function FollowListModal({ list }: { list: FollowListPath }) {
  const navigate = useNavigate();
  const title = useTitle(list);
  return (
    <Modal open onClose={() => void navigate(-1)} title={title}>
      <div className={styles.modalBody}>
        <FollowListBody list={list} />
      </div>
    </Modal>
  );
}
