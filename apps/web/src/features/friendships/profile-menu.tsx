import { useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../../ui/modal';
import { CopyLinkItem } from '../posts/copy-link-item';
import { MenuItemButton, PopupMenu } from '../../ui/popup-menu';
import { useBlock } from '../../state/queries/friendships';
import { ReportDialogHost, ReportMenuItem, useCanReport, type ReportTarget } from '../reports/report-entry';

/**
 * The "•••" menu of someone else's profile: Block (after a confirmation: follows end both ways and
 * the header turns to "Unblock"), Report and Copy profile link.
 */
export function ProfileMenu({ user, canBlock }: { user: { id: string; username: string }; canBlock: boolean }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const block = useBlock(user, () => setAsking(false));
  const canReport = useCanReport('user', user.id);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  return (
    <>
      <PopupMenu label={t('graph.profileOptions')}>
        {(close) => (
          <>
            {canBlock ? (
              <MenuItemButton
                danger
                onSelect={() => {
                  close(false);
                  setAsking(true);
                }}
              >
                {t('graph.block')}
              </MenuItemButton>
            ) : null}
            {canReport ? (
              <ReportMenuItem
                onSelect={() => {
                  close(true);
                  setReporting({ objectType: 'user', objectId: user.id, owner: user });
                }}
              />
            ) : null}
            <CopyLinkItem path={`/${user.username}/`} label={t('graph.copyProfileLink')} close={close} />
          </>
        )}
      </PopupMenu>
      <ReportDialogHost target={reporting} onClose={() => setReporting(null)} />
      <ConfirmDialog
        open={asking}
        title={t('graph.blockTitle', { username: user.username })}
        body={t('graph.blockBody')}
        confirmText={t('graph.block')}
        cancelText={t('switch.cancel')}
        busy={block.isPending}
        onConfirm={() => block.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
