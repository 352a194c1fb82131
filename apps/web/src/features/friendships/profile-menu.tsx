import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../app/toast/toast-provider';
import { apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n/i18n';
import { pageDataKey } from '../../lib/page-data';
import { ConfirmDialog } from '../../ui/modal';
import { CopyLinkItem } from '../../ui/copy-link-item';
import { MenuItemButton, PopupMenu } from '../../ui/popup-menu';
import { friendshipShadows } from './friendship-state';

/**
 * The "•••" menu of someone else's profile: Block (after a confirmation: follows end both ways and
 * the header turns to "Unblock") and Copy profile link.
 */
export function ProfileMenu({ user, canBlock }: { user: { id: string; username: string }; canBlock: boolean }) {
  const t = useT();
  const { showToast } = useToast();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const block = useMutation({
    mutationFn: () => apiPost(`/web/friendships/${user.id}/block/`),
    onSuccess: () => {
      setAsking(false);
      // A follow clicked earlier left its state on this user's shadow; the block replaces it everywhere.
      friendshipShadows.put(user.id, { relationship: 'blocked' });
      showToast({ text: t('graph.blocked', { username: user.username }) });
      void client.invalidateQueries({ queryKey: pageDataKey(`/${user.username}/`) });
    },
    onError: () => showToast({ text: t('graph.blockFailed', { username: user.username }) }),
  });
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
            <CopyLinkItem path={`/${user.username}/`} label={t('graph.copyProfileLink')} close={close} />
          </>
        )}
      </PopupMenu>
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
