import { useId } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { UserSummary } from '@shutter/contract';
import { useT } from '../lib/i18n/i18n';
import { Icon } from './icon';
import { filterUsers } from './user-filter';
import { UserList } from './user-list';
import styles from './user-list.module.css';

interface UserPage {
  edges: { node: UserSummary }[];
}

interface PagedUserListProps {
  query: UseInfiniteQueryResult<InfiniteData<UserPage, unknown>, Error>;
  emptyText: string;
  onNavigate?: () => void;
  /** A search box over the loaded people; its text is owned by the caller (kept per list). */
  search?: { value: string; onChange: (value: string) => void };
}

/** A server-paged list of people (likers of a post or a comment), optionally searchable. */
export function PagedUserList({ query, emptyText, onNavigate, search }: PagedUserListProps) {
  const t = useT();
  const searchId = useId();
  const users = query.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? [];
  const shown = search ? filterUsers(users, search.value) : users;
  const filtering = !!search && search.value.trim() !== '';
  return (
    <>
      {search && users.length > 0 ? (
        <div className={styles.search}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('lists.search')}
          </label>
          <Icon name="search" size={16} />
          <input id={searchId} type="search" value={search.value} placeholder={t('lists.search')} autoComplete="off" onChange={(event) => search.onChange(event.target.value)} />
        </div>
      ) : null}
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
      />
    </>
  );
}
