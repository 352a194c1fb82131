import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

export const MOBILE_QUERY = '(max-width: 767px)';

/** A phone's and a desktop's width: what a render ahead of the browser lays out for. */
export const PHONE_RENDER_WIDTH = 390;
export const WIDE_RENDER_WIDTH = 1280;

/**
 * The viewport width the server laid the page out for (0: none, nothing matches). A context, not
 * a module variable: the server renders several requests at once, each for its own width. The
 * client's hydration reads the same width, so it renders what the server did, then the real one.
 */
const RenderWidth = createContext(0);
export const RenderWidthProvider = RenderWidth.Provider;

/** Width queries (`min-width`/`max-width` in px, joined by `and`) against the render width. */
export function matchesWidth(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)];
  return parts.length > 0 && parts.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
}

export function useMediaQuery(query: string): boolean {
  const renderWidth = useContext(RenderWidth);
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => renderWidth > 0 && matchesWidth(query, renderWidth));
}
