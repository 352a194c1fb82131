import { useState, type KeyboardEvent } from 'react';

/**
 * Keyboard handling of a listbox owned by a text field (the combobox pattern): the focus stays in
 * the field and aria-activedescendant points at the highlighted option.
 */
export function useListbox(count: number, onPick: (index: number) => void, onClose: () => void) {
  const [active, setActive] = useState(0);
  const current = count ? Math.min(active, count - 1) : -1;
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // close the list, not the dialog
      onClose();
      return true;
    }
    if (!count) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + delta + count) % count);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      if (event.key === 'Enter' || !event.shiftKey) {
        event.preventDefault();
        onPick(current);
        return true;
      }
    }
    return false;
  };
  return { active: current, setActive, onKeyDown };
}
