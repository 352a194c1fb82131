import { useCallback, useSyncExternalStore } from 'react';

export const MOBILE_QUERY = '(max-width: 767px)';

/** The viewport width a build-time render lays out for (apps/web/src/prerender.tsx); 0 otherwise (nothing matches). */
let renderWidth = 0;
export function setRenderWidth(width: number): void {
  renderWidth = width;
}

/** Width queries (`min-width`/`max-width` in px, joined by `and`) against the render width. */
export function matchesWidth(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)];
  return parts.length > 0 && parts.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
}

export function useMediaQuery(query: string): boolean {
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
