import type { KeyboardEvent, RefObject } from 'react';

const ITEMS = '[role="menuitem"], [role="menuitemcheckbox"]';

/**
 * Keyboard for a menu (WAI-ARIA menu pattern): arrows, Home and End move between items, Tab leaves
 * and closes. `openMenu` opens it with the first item focused.
 */
export function menuKeys(menuRef: RefObject<HTMLElement | null>, setOpen: (open: boolean) => void) {
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
  return {
    onMenuKey(event: KeyboardEvent) {
      const list = items();
      const index = list.indexOf(document.activeElement as HTMLElement);
      const move: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
      if (event.key in move) {
        event.preventDefault();
        list[(move[event.key]! + list.length) % list.length]?.focus();
      } else if (event.key === 'Tab') {
        setOpen(false);
      }
    },
    openMenu() {
      setOpen(true);
      requestAnimationFrame(() => items()[0]?.focus());
    },
  };
}
