import { useParams } from 'react-router';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { DirectScreen } from './direct-frame';
import { InboxPanel, NoThreadPane } from './inbox-panel';
import { NewMessagePanel } from './new-message-panel';
import { RequestsPanel } from './requests-panel';
import { ThreadView } from './thread-view';
import { useDirect, useDirectLayout } from './use-direct';
import styles from './direct.module.css';

/** The four direct routes (R-002-direct-1), each a screen of the route table. */

export function InboxPage() {
  const t = useT();
  useDocumentTitle(t('direct.inboxTitle'));
  return (
    <DirectScreen list={<InboxPanel />} mobile="list">
      <NoThreadPane />
    </DirectScreen>
  );
}

export function ThreadPage() {
  const { id = '' } = useParams();
  const layout = useDirectLayout();
  const pending = useDirect((state) => state.threads[id]?.pending);
  // A request opened on a desktop keeps the requests beside it; any other thread, the inbox.
  const list = pending ? <RequestsPanel selectedId={id} /> : <InboxPanel selectedId={id} />;
  return (
    <DirectScreen list={list} mobile="main">
      <ThreadView key={id} threadId={id} heading={layout === 'mobile' ? 1 : 2} />
    </DirectScreen>
  );
}

export function MessageRequestsPage() {
  const t = useT();
  useDocumentTitle(t('direct.requests.title'));
  return (
    <DirectScreen list={<RequestsPanel />} mobile="list">
      <div className={styles.noThread}>
        <EmptyState icon="users" title={t('direct.requests.title')} body={t('direct.requests.body')} />
      </div>
    </DirectScreen>
  );
}

export function NewMessagePage() {
  return (
    <DirectScreen list={<InboxPanel />} mobile="main">
      <NewMessagePanel />
    </DirectScreen>
  );
}
