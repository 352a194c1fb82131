import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n/i18n';
import { useSentinel } from '../../lib/use-sentinel';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ConfirmDialog } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import type { ThreadState } from './direct-types';
import { directStore } from './direct-store';
import { PaneHeader } from './direct-frame';
import { INBOX_PATH, ThreadRow, threadPath } from './inbox-panel';
import { threadTitle } from './thread-display';
import { useDirect, useDirectActions, useThreadList } from './use-direct';
import styles from './direct.module.css';

function RequestActions({ thread }: { thread: ThreadState }) {
  const t = useT();
  const actions = useDirectActions();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'accept' | 'delete' | null>(null);
  const name = threadTitle(thread);
  return (
    <div className={styles.rowActions}>
      <Button
        variant="secondary"
        busy={busy === 'delete'}
        disabled={busy !== null}
        aria-label={t('direct.requests.delete', { name })}
        onClick={() => {
          setBusy('delete');
          // R-002-direct-12: gone from the list, which stays on screen.
          void actions.decline(thread.thread_id).finally(() => setBusy(null));
        }}
      >
        {t('direct.request.delete')}
      </Button>
      <Button
        busy={busy === 'accept'}
        disabled={busy !== null}
        aria-label={t('direct.requests.accept', { name })}
        onClick={() => {
          setBusy('accept');
          // R-002-direct-11: accepted, the thread opens among the inbox's.
          void actions.approve(thread.thread_id).then((ok) => {
            setBusy(null);
            if (ok) void navigate(threadPath(thread.thread_id));
          });
        }}
      >
        {t('direct.request.accept')}
      </Button>
    </div>
  );
}

/** The message requests (R-002-direct-api-2): each accepted or deleted, or all at once. */
export function RequestsPanel({ selectedId }: { selectedId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const actions = useDirectActions();
  const threads = useThreadList(true);
  const requests = useDirect((state) => state.requests);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'delete' | null>(null);
  const store = directStore();
  useEffect(() => directStore().openRequests(), []);
  const sentinel = useSentinel<HTMLDivElement>(() => void store.loadRequests(true), requests.hasOlder && !requests.isLoading && !requests.failed, '300px');

  const all = (which: 'accept' | 'delete') => {
    setBusy(which);
    void (which === 'accept' ? actions.approveAll() : actions.declineAll()).then((ok) => {
      setBusy(null);
      setConfirming(false);
      // R-002-direct-13: with every request declined, the inbox.
      if (ok) void navigate(INBOX_PATH);
    });
  };

  let body;
  if (threads.length === 0 && !requests.loaded) {
    body = requests.failed ? (
      <div className={styles.paneState}>
        <p>{t('direct.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void store.loadRequests()}>
          {t('direct.retry')}
        </Button>
      </div>
    ) : (
      <div className={styles.paneState}>
        <Spinner size={28} label={t('direct.loading')} />
      </div>
    );
  } else if (threads.length === 0) {
    body = <EmptyState icon="send" title={t('direct.requests.empty')} body={t('direct.requests.emptyBody')} />;
  } else {
    body = (
      <>
        <p className={styles.requestsIntro}>{t('direct.requests.body')}</p>
        <ul className={styles.threadList} aria-label={t('direct.requests.title')}>
          {threads.map((thread) => (
            <ThreadRow key={thread.thread_id} thread={thread} selected={thread.thread_id === selectedId} actions={<RequestActions thread={thread} />} />
          ))}
        </ul>
        {requests.hasOlder ? (
          <div ref={sentinel} className={styles.more}>
            <Button variant="secondary" busy={requests.isLoading} onClick={() => void store.loadRequests(true)}>
              {t('direct.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.panel} aria-label={t('direct.requests.title')}>
      <PaneHeader title={t('direct.requests.title')} back={INBOX_PATH} />
      <div className={styles.scroll}>{body}</div>
      {threads.length > 0 ? (
        <div className={styles.panelFooter}>
          <Button variant="secondary" busy={busy === 'delete'} disabled={busy !== null} onClick={() => setConfirming(true)}>
            {t('direct.requests.deleteAll')}
          </Button>
          <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => all('accept')}>
            {t('direct.requests.acceptAll')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('direct.requests.deleteAllTitle')}
        body={t('direct.requests.deleteAllBody')}
        confirmText={t('direct.requests.deleteAll')}
        cancelText={t('direct.cancel')}
        busy={busy === 'delete'}
        onConfirm={() => all('delete')}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
