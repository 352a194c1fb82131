import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { UserSummary } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { ListSearch } from '../../ui/list-search';
import { filterUsers } from '../../ui/user-filter';
import { UserList } from './user-list';

interface UserPage {
  edges: { node: UserSummary }[];
}

interface PagedUserListProps {
  query: UseInfiniteQueryResult<InfiniteData<UserPage, unknown>, Error>;
  emptyText: string;
  onNavigate?: () => void;
  /** A search box over the loaded people; its text is owned by the caller (kept per list). */
  search?: { value: string; onChange: (value: string) => void };
  /** What each row offers at its end (a follow button). */
  action?: (user: UserSummary) => ReactNode;
}

/** A server-paged list of people (likers of a post or a comment), optionally searchable. */
export function PagedUserList({ query, emptyText, onNavigate, search, action }: PagedUserListProps) {
  const t = useT();
  const users = query.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? [];
  const shown = search ? filterUsers(users, search.value) : users;
  const filtering = !!search && search.value.trim() !== '';
  return (
    <>
      {search && users.length > 0 ? <ListSearch value={search.value} onChange={search.onChange} /> : null}
      <UserList
        users={shown}
        status={query.status}
        hasNextPage={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        moreFailed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
        onRetry={() => void query.refetch()}
        emptyText={filtering ? t('lists.noMatches') : emptyText}
        onNavigate={onNavigate}
        action={action}
      />
    </>
  );
}
