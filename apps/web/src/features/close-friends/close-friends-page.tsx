import { useDeferredValue, useState } from 'react';
import type { CloseFriendResult } from '@shutter/contract';
import { useDocumentTitle, useI18n } from '../../lib/i18n/i18n';
import { useSentinel } from '../../lib/use-sentinel';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { ListSearch } from '../../ui/list-search';
import { Spinner } from '../../ui/spinner';
import { SubPageHeader } from '../../ui/sub-page-header';
import { usePending, usePendingAll } from '../../state/optimistic';
import { closeFriendToggles, useCloseFriends, useCloseFriendToggle } from '../../state/queries/close-friends';
import styles from './close-friends.module.css';

function FriendRow({ user, onToggle }: { user: CloseFriendResult; onToggle: (user: CloseFriendResult, on: boolean) => void }) {
  const { t } = useI18n();
  const pending = usePending(closeFriendToggles, user.id);
  const on = pending ?? user.is_close_friend;
  return (
    <li className={styles.row}>
      <Avatar src={user.profile_pic_url} alt="" size={44} />
      <span className={styles.text}>
        <span className={styles.username}>{user.username}</span>
        {user.full_name ? <span className={styles.fullName}>{user.full_name}</span> : null}
      </span>
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
    </li>
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
  const more = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  const sentinel = useSentinel<HTMLDivElement>(more, !!list.hasNextPage);
  const onToggle = (user: CloseFriendResult, on: boolean) => {
    setFailed(false);
    toggle(user, on).catch(() => setFailed(true));
  };

  let body;
  if (list.isError && users.length === 0) {
    body = (
      <EmptyState icon="alert" title={t('app.error.title')} body={t('app.error.body')}>
        <Button onClick={() => void list.refetch()}>{t('app.error.retry')}</Button>
      </EmptyState>
    );
  } else if (!list.data) {
    body = (
      <div className={styles.state}>
        <Spinner size={32} label={t('app.loading')} />
      </div>
    );
  } else if (users.length === 0) {
    body = query ? (
      <p className={styles.state}>{t('closeFriends.noMatch', { query })}</p>
    ) : (
      <EmptyState icon="users" title={t('closeFriends.empty')} body={t('closeFriends.emptyBody')} />
    );
  } else {
    body = (
      <>
        <ul className={styles.list} aria-label={t('closeFriends.listLabel')}>
          {users.map((user) => (
            <FriendRow key={user.id} user={user} onToggle={onToggle} />
          ))}
        </ul>
        {list.hasNextPage ? (
          <div ref={sentinel} className={styles.state}>
            <Button variant="secondary" busy={list.isFetchingNextPage} onClick={more}>
              {t('closeFriends.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <SubPageHeader title={t('closeFriends.title')} fallback="/accounts/edit/" />
      <div className={styles.page}>
        <div className={styles.intro}>
          <span className={styles.badge} aria-hidden="true">
            <Icon name="users" size={20} />
          </span>
          <p>{t('closeFriends.intro')}</p>
        </div>
        <p className={styles.count} aria-live="polite">
          {t(new Intl.PluralRules(locale).select(count) === 'one' ? 'closeFriends.countOne' : 'closeFriends.count', { count })}
        </p>
        <ListSearch value={search} onChange={setSearch} />
        {failed ? (
          <p className={styles.error} role="alert">
            {t('closeFriends.failed')}
          </p>
        ) : null}
        {body}
      </div>
    </>
  );
}
