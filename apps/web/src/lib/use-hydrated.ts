import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while rendering on the server and while hydrating what it sent, true after (and at once
 * when the client renders on its own). What only the browser knows (its time zone, its cookies)
 * waits for true, so the hydrating render matches the server's markup, then updates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
