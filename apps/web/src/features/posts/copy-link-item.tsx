import { useToast } from '../../state/toast/toast-context';
import { useT } from '../../lib/i18n/i18n';
import { MenuItemButton } from '../../ui/popup-menu';

export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A menu item that puts the absolute address of `path` on the clipboard and says whether it worked. */
export function CopyLinkItem({ path, label, close }: { path: string; label: string; close: (refocus: boolean) => void }) {
  const t = useT();
  const { showToast } = useToast();
  return (
    <MenuItemButton
      onSelect={() => {
        close(true);
        void copyToClipboard(`${window.location.origin}${path}`).then((ok) => showToast({ text: t(ok ? 'post.linkCopied' : 'post.copyFailed') }));
      }}
    >
      {label}
    </MenuItemButton>
  );
}
