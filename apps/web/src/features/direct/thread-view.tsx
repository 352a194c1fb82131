import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { Composer } from './composer';
import type { ThreadState } from './direct-types';
import { directStore } from './direct-store';
import { BackButton } from './direct-frame';
import { GroupInfo } from './group-info';
import { INBOX_PATH, REQUESTS_PATH } from './inbox-panel';
import { MessageList } from './message-list';
import { ThreadAvatar } from './thread-avatar';
import { otherUser, threadTitle } from './thread-display';
import { useDirect, useDirectActions, useDirectLayout } from './use-direct';
import styles from './thread.module.css';

function ThreadHeader({ thread, infoOpen, onInfo, heading }: { thread: ThreadState; infoOpen: boolean; onInfo: () => void; heading: 1 | 2 }) {
  const t = useT();
  const layout = useDirectLayout();
  const other = otherUser(thread);
  const title = threadTitle(thread);
  const Heading = heading === 1 ? 'h1' : 'h2';
  return (
    <header className={styles.header}>
      {layout === 'mobile' ? <BackButton fallback={thread.pending ? REQUESTS_PATH : INBOX_PATH} /> : null}
      <ThreadAvatar thread={thread} size={32} ring="reel" />
      <Heading className={styles.title}>
        {other ? (
          <Link to={`/${other.username}/`} className={styles.titleLink}>
            {title}
          </Link>
        ) : (
          title
        )}
      </Heading>
      <button type="button" className={styles.headerButton} aria-label={infoOpen ? t('direct.thread.closeInfo') : t('direct.thread.info')} aria-expanded={infoOpen} onClick={onInfo}>
        <Icon name="info" />
      </button>
    </header>
  );
}

/** A message request, opened: nothing can be sent until it is accepted (R-002-direct-11, -12). */
function RequestBar({ thread }: { thread: ThreadState }) {
  const t = useT();
  const actions = useDirectActions();
  const [busy, setBusy] = useState<'accept' | 'delete' | null>(null);
  const run = (which: 'accept' | 'delete') => {
    setBusy(which);
    void (which === 'accept' ? actions.approve(thread.thread_id) : actions.decline(thread.thread_id)).finally(() => setBusy(null));
  };
  return (
    <div className={styles.requestBar}>
      <p>{t('direct.request.body', { name: thread.inviter.username })}</p>
      <p className={styles.requestNote}>{t('direct.request.note')}</p>
      <div className={styles.requestActions}>
        <Button variant="danger" busy={busy === 'delete'} disabled={busy !== null} onClick={() => run('delete')}>
          {t('direct.request.delete')}
        </Button>
        <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => run('accept')}>
          {t('direct.request.accept')}
        </Button>
      </div>
    </div>
  );
}

/** The newest item counts as seen while the thread is open and the page in view. */
function useMarkSeen(thread: ThreadState) {
  const actions = useDirectActions();
  const newest = thread.items.find((item) => !item.send)?.item_id;
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  useEffect(() => {
    if (visible && newest) actions.markSeen(thread.thread_id);
  }, [visible, newest, thread.thread_id, actions]);
}

function OpenThread({ thread, heading }: { thread: ThreadState; heading: 1 | 2 }) {
  const [infoOpen, setInfoOpen] = useState(false);
  const layout = useDirectLayout();
  useMarkSeen(thread);
  useDocumentTitle(threadTitle(thread));
  return (
    <section className={`${styles.thread} ${layout === 'mobile' ? styles.threadMobile : ''}`} aria-label={threadTitle(thread)}>
      <ThreadHeader thread={thread} infoOpen={infoOpen} onInfo={() => setInfoOpen((open) => !open)} heading={heading} />
      {infoOpen ? (
        <GroupInfo thread={thread} level={heading === 1 ? 2 : 3} />
      ) : (
        <>
          <MessageList thread={thread} />
          {thread.pending ? <RequestBar thread={thread} /> : <Composer threadId={thread.thread_id} />}
        </>
      )}
    </section>
  );
}

/**
 * `/direct/t/{id}/`: the thread held, else loaded. Removed while open (left, hidden, or gone from
 * the service) it goes to the inbox (R-002-direct-19); a declined request to the requests.
 */
export function ThreadView({ threadId, heading }: { threadId: string; heading: 1 | 2 }) {
  const t = useT();
  const navigate = useNavigate();
  const thread = useDirect((state) => state.threads[threadId]);
  const removed = useDirect((state) => state.removed[threadId]);
  const [load, setLoad] = useState<'loading' | 'failed' | 'missing'>('loading');
  const [attempt, setAttempt] = useState(0);
  const layout = useDirectLayout();
  const held = thread !== undefined;

  useEffect(() => directStore().openThread(threadId), [threadId]);
  useEffect(() => {
    if (removed) void navigate(removed === 'declined' ? REQUESTS_PATH : INBOX_PATH, { replace: true });
  }, [removed, navigate]);
  useEffect(() => {
    if (held || removed) return;
    let live = true;
    setLoad('loading');
    directStore()
      .loadThread(threadId)
      .catch((error: unknown) => {
        if (!live) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 403);
        setLoad(missing ? 'missing' : 'failed');
        if (!missing) directStore().notify('threadLoad', error);
      });
    return () => {
      live = false;
    };
  }, [threadId, held, removed, attempt]);

  if (thread) return <OpenThread thread={thread} heading={heading} />;
  let body;
  if (load === 'missing') body = <EmptyState icon="alert" title={t('direct.thread.notFound')} level={heading} />;
  else if (load === 'failed')
    body = (
      <div className={styles.state}>
        <p>{t('direct.thread.loadFailed')}</p>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('direct.retry')}
        </Button>
      </div>
    );
  else
    body = (
      <div className={styles.state}>
        <Spinner size={28} label={t('direct.loading')} />
      </div>
    );
  return (
    <section className={`${styles.thread} ${layout === 'mobile' ? styles.threadMobile : ''}`}>
      {layout === 'mobile' ? (
        <header className={styles.header}>
          <BackButton fallback={INBOX_PATH} />
        </header>
      ) : null}
      {body}
    </section>
  );
}
