import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '../app/layouts/use-dismiss';
import { Icon, type IconName } from './icon';
import { menuKeys } from './menu-keys';
import styles from './popup-menu.module.css';

/** An item's class: plain, or red and bold for what cannot be undone at a click (delete, block). */
export const menuItemClass = (danger = false) => (danger ? `${styles.item} ${styles.danger}` : styles.item);

/**
 * An icon button that opens a menu under it (WAI-ARIA menu button): arrows move, Escape and a
 * click outside close it. `children` gets `close(refocus)` for items that act in place.
 */
export function PopupMenu({ label, icon = 'more', children }: { label: string; icon?: IconName; children: (close: (refocus: boolean) => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, menuRef], []);
  const menuId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);
  useDismiss(open, refs, close);
  const { onMenuKey, openMenu } = menuKeys(menuRef, setOpen);

  return (
    <div className={styles.anchor}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu())}
      >
        <Icon name={icon} size={20} />
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKey}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
