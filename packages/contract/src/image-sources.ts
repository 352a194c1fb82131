import type { DisplayResource } from './posts.js';

/** The variants no wider than `maxWidth` (the data saver caps it at 640), narrowest first. */
export function usableResources(resources: DisplayResource[], maxWidth: number): DisplayResource[] {
  const sorted = [...resources].sort((a, b) => a.config_width - b.config_width);
  const within = sorted.filter((r) => r.config_width <= maxWidth);
  return within.length > 0 ? within : sorted.slice(0, 1);
}

/** An image's `srcset`; the server's preload of the feed's first photo lists the very same one. */
export function srcSetOf(resources: DisplayResource[], maxWidth: number): string {
  return usableResources(resources, maxWidth)
    .map((r) => `${r.src} ${r.config_width}w`)
    .join(', ');
}

/** The widest usable variant: the `src` fallback for browsers without srcset. */
export function bestSource(resources: DisplayResource[], maxWidth: number, fallback: string): string {
  const usable = usableResources(resources, maxWidth);
  return usable[usable.length - 1]?.src ?? fallback;
}
