import { useState } from 'react';
import type { DirectItemResult, MediaNode } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useT } from '../../lib/i18n/i18n';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { PeoplePicker, type Recipient } from './people-picker';
import { useDirectActions } from './use-direct';
import styles from './info.module.css';

/** How the shared post shows in the thread until the service's item takes its place. */
function postPreview(post: MediaNode): NonNullable<DirectItemResult['media_share']> {
  return {
    id: post.id,
    shortcode: post.shortcode,
    media_type: post.__typename === 'GraphSidecar' ? 8 : post.is_video ? 2 : 1,
    display_url: post.display_url,
    owner: post.owner,
    caption: post.edge_media_to_caption.edges[0]?.node.text ?? null,
  };
}

/**
 * "Send to…" on a post: people and groups to share it with, sent over the channel as a media
 * share (R-002-direct-10); a person without a thread yet gets one first.
 */
export function SendToDialog({ post, onClose, onCopyLink }: { post: MediaNode; onClose: () => void; onCopyLink: () => void }) {
  const t = useT();
  const actions = useDirectActions();
  const { showToast } = useToast();
  const [selected, setSelected] = useState<Recipient[]>([]);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const preview = postPreview(post);
    const threads = await Promise.all(selected.map((recipient) => (recipient.kind === 'thread' ? Promise.resolve(recipient.threadId) : actions.createThread([recipient.user.pk]))));
    const sent = await Promise.all(threads.map((threadId) => (threadId ? actions.sendMediaShare(threadId, post.id, preview) : Promise.resolve(false))));
    setBusy(false);
    onClose();
    // A failure has told of itself already (its own toast).
    if (sent.every(Boolean)) showToast({ text: t('direct.share.sent') });
  };
  return (
    <Modal open onClose={onClose} title={t('direct.share.title')} size="md">
      <PeoplePicker mode="reshare" selected={selected} onChange={setSelected} />
      <div className={styles.shareFooter}>
        <Button variant="secondary" onClick={onCopyLink}>
          {t('direct.share.copyLink')}
        </Button>
        <Button busy={busy} disabled={selected.length === 0} onClick={() => void send()}>
          {t('direct.share.send')}
        </Button>
      </div>
    </Modal>
  );
}
