import { useEffect, useRef, type Dispatch } from 'react';
import type { ViewerAction } from './viewer-reducer';

/** A hidden tab pauses. */
export function usePauseWhenHidden(dispatch: Dispatch<ViewerAction>): void {
  useEffect(() => {
    const onVisibility = () => dispatch({ type: 'pause', reason: 'hidden', on: document.hidden });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);
}

/** Escape closes; the arrows move between items; Space plays and pauses. */
export function useViewerKeys(close: () => void, dispatch: Dispatch<ViewerAction>): void {
  const onKeyDown = (event: KeyboardEvent) => {
    // The viewers' sheet and the delete confirmation handle their own keys (Escape closes them only).
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      close();
    } else if (typing) return;
    else if (event.key === 'ArrowRight') dispatch({ type: 'next' });
    else if (event.key === 'ArrowLeft') dispatch({ type: 'previous' });
    else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement) && !(event.target instanceof HTMLAnchorElement)) {
      event.preventDefault();
      dispatch({ type: 'togglePlay' });
    }
  };
  // Keys are heard on the whole document, not only inside the viewer: everything else is inert
  // while it is open, and a key must still work when the focused control has just gone away
  // (a reel's frame replaced by the next one leaves focus on the page's body).
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
