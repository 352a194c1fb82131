import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';
import { Icon, type IconName } from './icon';
import { menuKeys } from './menu-keys';
import styles from './popup-menu.module.css';

/** An item's class: plain, or red and bold for what cannot be undone at a click (delete, block). */
export const menuItemClass = (danger = false) => (danger ? `${styles.item} ${styles.danger}` : styles.item);

export const menuSeparatorClass = styles.separator;

/** A menu item that acts in place (a link item is a `Link` with role="menuitem" and menuItemClass()). */
export function MenuItemButton({ danger = false, onSelect, children }: { danger?: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button role="menuitem" type="button" className={menuItemClass(danger)} onClick={onSelect}>
      {children}
    </button>
  );
}

interface PopupMenuProps {
  label: string;
  icon?: IconName;
  /** Up for a menu at the bottom of the screen (the phone's tab bar). */
  placement?: 'down' | 'up';
  buttonClassName?: string;
  /** The box holding the button and its menu (in a row of tabs, it takes a tab's share). */
  className?: string;
  menuMinWidth?: number;
  children: (close: (refocus: boolean) => void) => ReactNode;
}

/**
 * An icon button that opens a menu by it (WAI-ARIA menu button): Enter, Space or ArrowDown open it
 * on the first item, arrows move, Escape and a click outside close it. `children` gets
 * `close(refocus)` for items that act in place.
 */
export function PopupMenu({ label, icon = 'more', placement = 'down', buttonClassName, className, menuMinWidth, children }: PopupMenuProps) {
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
    <div className={className ? `${styles.anchor} ${className}` : styles.anchor}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName ?? styles.button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            openMenu();
          }
        }}
      >
        <Icon name={icon} size={icon === 'more' ? 20 : 24} />
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={label} className={`${styles.menu} ${placement === 'up' ? styles.up : ''}`} style={menuMinWidth ? { minWidth: menuMinWidth } : undefined} onKeyDown={onMenuKey}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
