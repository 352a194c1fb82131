import { useDeferredValue, useState } from 'react';
import type { CloseFriendResult } from '@shutter/contract';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { ListSearch } from '../../ui/list-search';
import { UserList } from '../people/user-list';
import { SettingsLayout } from '../accounts/settings-layout';
import { usePending, usePendingAll } from '../../state/optimistic';
import { closeFriendToggles, useCloseFriends, useCloseFriendToggle } from '../../state/queries/close-friends';
import styles from './close-friends.module.css';

function FriendToggle({ user, onToggle }: { user: CloseFriendResult; onToggle: (user: CloseFriendResult, on: boolean) => void }) {
  const { t } = useI18n();
  const pending = usePending(closeFriendToggles, user.id);
  const on = pending ?? user.is_close_friend;
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={on}
      aria-label={t('closeFriends.toggle', { username: user.username })}
      className={`${styles.toggle} ${on ? styles.toggleOn : ''}`}
      onClick={() => onToggle(user, !on)}
    >
      {on ? <Icon name="check" size={16} strokeWidth={3} /> : null}
    </button>
  );
}

/** `/accounts/close_friends/`: who sees the viewer's close friends' stories, chosen among their followers. */
export function CloseFriendsPage() {
  const { t, locale } = useI18n();
  useDocumentTitle(t('closeFriends.title'));
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const list = useCloseFriends(query);
  const toggle = useCloseFriendToggle();
  const [failed, setFailed] = useState(false);
  const pendingAll = usePendingAll(closeFriendToggles);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const serverCount = list.data?.pages[0]?.count ?? 0;
  // The count moves with each toggle still on its way.
  const count = Math.max(0, [...pendingAll].reduce((n, [id, on]) => {
    const user = users.find((u) => u.id === id);
    return user && user.is_close_friend !== on ? n + (on ? 1 : -1) : n;
  }, serverCount));
  const onToggle = (user: CloseFriendResult, on: boolean) => {
    setFailed(false);
    toggle(user, on).catch(() => setFailed(true));
  };

  // Nobody to choose from at all (not a search without matches): say how the list fills.
  const nobody = list.data && users.length === 0 && !query;
  const body = nobody ? (
    <EmptyState icon="users" title={t('closeFriends.empty')} body={t('closeFriends.emptyBody')} />
  ) : (
    <UserList
      users={users}
      status={list.status}
      hasNextPage={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      moreFailed={list.isFetchNextPageError}
      onLoadMore={() => void list.fetchNextPage()}
      onRetry={() => void list.refetch()}
      emptyText={t('closeFriends.noMatch', { query })}
      label={t('closeFriends.listLabel')}
      action={(user) => <FriendToggle user={user} onToggle={onToggle} />}
    />
  );

  return (
    <SettingsLayout title={t('closeFriends.title')}>
      <div className={styles.page}>
        <div className={styles.intro}>
          <span className={styles.badge} aria-hidden="true">
            <Icon name="users" size={20} />
          </span>
          <p>{t('closeFriends.intro')}</p>
        </div>
        <p className={styles.count} aria-live="polite">
          {/* Nothing until the first answer: "0 people" while loading would be wrong for most. */}
          {list.data ? t(new Intl.PluralRules(locale).select(count) === 'one' ? 'closeFriends.countOne' : 'closeFriends.count', { count }) : null}
        </p>
        <ListSearch value={search} onChange={setSearch} />
        {failed ? (
          <p className={styles.error} role="alert">
            {t('closeFriends.failed')}
          </p>
        ) : null}
        {body}
      </div>
    </SettingsLayout>
  );
}
