import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * Makes everything but the viewer inert while it is open (except the app's toasts, which must
 * stay visible and announced), keeps Tab inside it, and puts focus in it. Not the native modal
 * dialog, whose top layer would cover the toasts.
 */
export function useIsolation(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const root = ref.current;
    if (!root || !active) return;
    // Everything but the viewer and the toasts' region, down the branches that hold them.
    const keep = [root, ...Array.from(document.querySelectorAll<HTMLElement>('[role="status"][aria-live]')).filter((el) => !root.contains(el))];
    const made: HTMLElement[] = [];
    const isolate = (parent: Element) => {
      for (const child of Array.from(parent.children)) {
        if (!(child instanceof HTMLElement) || keep.includes(child)) continue;
        if (keep.some((el) => child.contains(el))) isolate(child);
        else if (!child.inert) {
          child.inert = true;
          made.push(child);
        }
      }
    };
    isolate(document.body);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !root.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !root.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    if (!root.contains(document.activeElement)) root.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const el of made) el.inert = false;
    };
  }, [ref, active]);
}
