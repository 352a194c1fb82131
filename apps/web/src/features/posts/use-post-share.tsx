import { lazy, Suspense, useState } from 'react';
import type { MediaNode } from '@shutter/contract';
import { useToast } from '../../state/toast/toast-context';
import { useT } from '../../lib/i18n/i18n';
import { useSession } from '../../state/session';
import { useDirectFlags } from '../direct/direct-flags';
import { copyPostLink } from './share';

// Loaded on first use: the feed's first bundle does without Direct's pieces.
const SendToDialog = lazy(() => import('../direct/send-to-dialog').then((module) => ({ default: module.SendToDialog })));

/**
 * The post's Share: logged in (with Direct on), a dialog to send it to people or groups, with
 * Copy link beside; otherwise the link is copied at once.
 */
export function usePostShare(post: MediaNode) {
  const t = useT();
  const { viewer } = useSession();
  const { enabled } = useDirectFlags();
  const { showToast } = useToast();
  const [open, setOpen] = useState(false);
  const copy = () => void copyPostLink(post.shortcode).then((ok) => showToast({ text: t(ok ? 'post.linkCopied' : 'post.copyFailed') }));
  const onShare = viewer && enabled ? () => setOpen(true) : copy;
  const dialog = open ? (
    <Suspense fallback={null}>
      <SendToDialog
        post={post}
        onClose={() => setOpen(false)}
        onCopyLink={() => {
          setOpen(false);
          copy();
        }}
      />
    </Suspense>
  ) : null;
  return { onShare, dialog };
}
