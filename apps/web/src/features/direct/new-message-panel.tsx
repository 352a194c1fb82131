import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DIRECT_GROUP_MAX_MEMBERS } from '@shutter/contract';
import { useDocumentTitle, useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { PaneHeader } from './direct-frame';
import { INBOX_PATH, threadPath } from './inbox-panel';
import { PeoplePicker, type Recipient } from './people-picker';
import { useDirectActions, useDirectLayout } from './use-direct';
import styles from './direct.module.css';

/** `/direct/new/`: choose people, then Chat opens the thread with them (R-002-direct-api-9). */
export function NewMessagePanel() {
  const t = useT();
  const navigate = useNavigate();
  const actions = useDirectActions();
  const layout = useDirectLayout();
  const [selected, setSelected] = useState<Recipient[]>([]);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('direct.new.title'));
  const chat = () => {
    const ids = selected.flatMap((recipient) => (recipient.kind === 'user' ? [recipient.user.pk] : []));
    if (ids.length === 0) return;
    setBusy(true);
    void actions.createThread(ids).then((threadId) => {
      setBusy(false);
      if (threadId) void navigate(threadPath(threadId), { replace: true });
    });
  };
  return (
    <section className={styles.panel} aria-label={t('direct.new.title')}>
      <PaneHeader
        title={t('direct.new.title')}
        back={layout === 'mobile' ? INBOX_PATH : undefined}
        level={layout === 'mobile' ? 1 : 2}
        actions={
          <Button variant="link" busy={busy} disabled={selected.length === 0} onClick={chat}>
            {t('direct.new.chat')}
          </Button>
        }
      />
      <PeoplePicker mode="raven" selected={selected} onChange={setSelected} max={DIRECT_GROUP_MAX_MEMBERS - 1} />
    </section>
  );
}
