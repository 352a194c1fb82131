import { useState } from 'react';
import { Link } from 'react-router';
import type { MediaNode } from '@shutter/contract';
import { useT } from '../../lib/i18n/i18n';
import { useSession } from '../../state/session';
import { ConfirmDialog } from '../../ui/modal';
import { CopyLinkItem } from './copy-link-item';
import { MenuItemButton, menuItemClass, PopupMenu } from '../../ui/popup-menu';
import { EditPostDialog } from './edit-post-dialog';
import { useDeletePost } from '../../state/queries/post';
import { ReportDialogHost, ReportMenuItem, useCanReport, type ReportTarget } from '../reports/report-entry';

/** The "•••" menu: Report (others' posts), Go to post, Copy link and, for the owner, Delete (after a confirmation) and Edit. */
export function PostMenu({ post, onDeleted, showGoToPost = true }: { post: MediaNode; onDeleted?: () => void; showGoToPost?: boolean }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const { viewer } = useSession();
  const isOwner = !!viewer && viewer.id === post.owner.id;
  const { remove, busy } = useDeletePost(post, onDeleted);
  const canReport = useCanReport('media', post.owner.id);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);

  return (
    <>
      <PopupMenu label={t('post.moreOptions')}>
        {(close) => (
          <>
            {canReport ? (
              <ReportMenuItem
                onSelect={() => {
                  close(true);
                  setReporting({ objectType: 'media', objectId: post.id, owner: post.owner });
                }}
              />
            ) : null}
            {post.viewer_can_delete ? (
              <MenuItemButton
                danger
                onSelect={() => {
                  close(false);
                  setConfirming(true);
                }}
              >
                {t('post.delete')}
              </MenuItemButton>
            ) : null}
            {isOwner ? (
              <MenuItemButton
                onSelect={() => {
                  // The menu's button takes the focus back, so that it returns there when the edit closes.
                  close(true);
                  setEditing(true);
                }}
              >
                {t('post.edit')}
              </MenuItemButton>
            ) : null}
            {showGoToPost ? (
              <Link role="menuitem" className={menuItemClass()} to={`/p/${post.shortcode}/`} onClick={() => close(false)}>
                {t('post.goToPost')}
              </Link>
            ) : null}
            <CopyLinkItem path={`/p/${post.shortcode}/`} label={t('post.copyLink')} close={close} />
          </>
        )}
      </PopupMenu>
      <ReportDialogHost target={reporting} onClose={() => setReporting(null)} />
      {editing ? <EditPostDialog post={post} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('post.deleteTitle')}
        body={t('post.deleteBody')}
        confirmText={t('post.delete')}
        cancelText={t('post.cancel')}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove();
        }}
      />
    </>
  );
}
