import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n, useT } from '../../lib/i18n/i18n';
import { useSentinel } from '../../lib/use-sentinel';
import { Button, buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { useSession } from '../../state/session';
import type { ThreadState } from './direct-types';
import { directStore } from './direct-store';
import { PaneHeader } from './direct-frame';
import { isThreadSeen } from './seen';
import { ThreadAvatar } from './thread-avatar';
import { compactTime, threadPreview, threadTitle } from './thread-display';
import { useDirect, useDirectLayout, useThreadList } from './use-direct';
import { useNow } from './use-now';
import buttons from '../../ui/icon-button.module.css';
import styles from './direct.module.css';

export const INBOX_PATH = '/direct/inbox/';
export const REQUESTS_PATH = '/direct/requests/';
export const NEW_MESSAGE_PATH = '/direct/new/';
/** R-002-direct-6: a thread's page, built from its id. */
export const threadPath = (threadId: string) => `/direct/t/${threadId}/`;

export function ThreadRow({ thread, selected, actions }: { thread: ThreadState; selected?: boolean; actions?: ReactNode }) {
  const { t, locale } = useI18n();
  const viewerId = useDirect((state) => state.viewerId) ?? '';
  const now = useNow(60_000);
  const unread = !thread.pending && !isThreadSeen(thread, viewerId);
  const title = threadTitle(thread);
  const typing = useDirect((state) => state.typing[thread.thread_id]);
  const typingNow = typing && Object.keys(typing).length > 0;
  return (
    <li className={`${styles.threadRow} ${selected ? styles.selected : ''} ${unread ? styles.unread : ''}`}>
      <Link to={threadPath(thread.thread_id)} className={styles.threadLink} aria-current={selected ? 'page' : undefined}>
        <ThreadAvatar thread={thread} size={56} />
        <span className={styles.threadText}>
          <span className={styles.threadTitle}>{title}</span>
          <span className={styles.threadPreview}>
            <span className={styles.previewText}>{typingNow ? t('direct.typing') : threadPreview(thread, viewerId, t)}</span>
            {thread.last_permanent_item ? (
              <>
                <span className={styles.dot} aria-hidden="true">
                  ·
                </span>
                <time dateTime={new Date(thread.last_activity_at).toISOString()}>{compactTime(thread.last_activity_at, now, locale, t)}</time>
              </>
            ) : null}
          </span>
        </span>
        {thread.muted ? (
          <span className={styles.rowIcon} role="img" aria-label={t('direct.muted')}>
            <Icon name="bellOff" size={16} />
          </span>
        ) : null}
        {unread ? <span className={styles.unreadDot} role="img" aria-label={t('direct.unread')} /> : null}
      </Link>
      {actions}
    </li>
  );
}

function NewMessageLink() {
  const t = useT();
  return (
    <Link to={NEW_MESSAGE_PATH} className={`${buttons.iconButton} ${styles.iconButton}`} aria-label={t('direct.newMessage')}>
      <Icon name="compose" />
    </Link>
  );
}

/** Threads, newest activity first, loading older pages as the list scrolls. */
function ThreadListBody({ selectedId }: { selectedId?: string }) {
  const t = useT();
  const layout = useDirectLayout();
  const threads = useThreadList(false);
  const inbox = useDirect((state) => state.inbox);
  const loaded = useDirect((state) => state.inboxLoaded);
  const store = directStore();
  const sentinel = useSentinel<HTMLDivElement>(() => void store.loadOlderInbox(), inbox.hasOlder && !inbox.isLoading && !inbox.failed, '300px');

  if (threads.length === 0 && !loaded) {
    if (inbox.failed)
      return (
        <div className={styles.paneState}>
          <p>{t('direct.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void store.reloadInbox()}>
            {t('direct.retry')}
          </Button>
        </div>
      );
    return (
      <div className={styles.paneState}>
        <Spinner size={28} label={t('direct.loading')} />
      </div>
    );
  }
  // On the desktop the pane beside says what to do; the list only says it is empty.
  if (threads.length === 0 && layout === 'desktop') return <p className={styles.paneState}>{t('direct.empty.title')}</p>;
  if (threads.length === 0)
    return (
      <EmptyState icon="send" title={t('direct.empty.title')} body={t('direct.empty.body')}>
        <Link className={buttonClass('primary')} to={NEW_MESSAGE_PATH}>
          {t('direct.pane.send')}
        </Link>
      </EmptyState>
    );
  return (
    <>
      <ul className={styles.threadList} aria-label={t('direct.threads')}>
        {threads.map((thread) => (
          <ThreadRow key={thread.thread_id} thread={thread} selected={thread.thread_id === selectedId} />
        ))}
      </ul>
      {inbox.hasOlder ? (
        <div ref={sentinel} className={styles.more}>
          <Button variant="secondary" busy={inbox.isLoading} onClick={() => void store.loadOlderInbox()}>
            {t('direct.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The inbox: its header, the link to the requests (R-002-direct-6), the threads. */
export function InboxPanel({ selectedId, heading = 1 }: { selectedId?: string; heading?: 1 | 2 }) {
  const t = useT();
  const { viewer } = useSession();
  const layout = useDirectLayout();
  const requests = useDirect((state) => state.pendingRequestsTotal);
  return (
    <section className={styles.panel} aria-label={t('direct.inbox')}>
      <PaneHeader title={viewer?.username ?? t('direct.title')} back={layout === 'mobile' ? '/' : undefined} actions={<NewMessageLink />} level={heading} />
      <div className={styles.subHeader}>
        <span className={styles.subTitle}>{t('direct.inbox')}</span>
        <Link to={REQUESTS_PATH} className={styles.requestsLink}>
          {requests > 0 ? t('direct.requestsCount', { count: requests }) : t('direct.requestsLink')}
        </Link>
      </div>
      <div className={styles.scroll}>
        <ThreadListBody selectedId={selectedId} />
      </div>
    </section>
  );
}

/** The desktop's right pane when no thread is open. */
export function NoThreadPane() {
  const t = useT();
  return (
    <div className={styles.noThread}>
      <EmptyState icon="send" title={t('direct.pane.title')} body={t('direct.pane.body')}>
        <Link className={buttonClass('primary')} to={NEW_MESSAGE_PATH}>
          {t('direct.pane.send')}
        </Link>
      </EmptyState>
    </div>
  );
}
