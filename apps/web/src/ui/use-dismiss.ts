import { useEffect, type RefObject } from 'react';

/** Closes a popover or menu on Escape (focus goes back to the opener) and on a click outside. */
export function useDismiss(open: boolean, refs: RefObject<HTMLElement | null>[], close: (refocus: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    };
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node | null;
      if (target && refs.some((ref) => ref.current?.contains(target))) return;
      close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
    // refs are stable objects; close is read fresh on each open
  }, [open, close, refs]);
}
