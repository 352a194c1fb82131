import { useState } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../../ui/modal';
import { useLogout } from './use-logout';

/** Spec 002 §2: "log into another account" asks first, then logs out and opens the login page. */
export function SwitchAccountDialog({ open, username, onClose }: { open: boolean; username: string; onClose: () => void }) {
  const t = useT();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title={t('switch.title')}
      body={t('switch.body', { username })}
      confirmText={t('switch.confirm')}
      cancelText={t('switch.cancel')}
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        setBusy(true);
        const done = await logout('/accounts/login/');
        if (!done) {
          setBusy(false);
          onClose();
        }
      }}
    />
  );
}
