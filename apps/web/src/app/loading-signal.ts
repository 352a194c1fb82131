import { useEffect, useSyncExternalStore } from 'react';

/** Counts mounted Suspense fallbacks (lazy screens) so the single loading bar can show for them too. */
let pending = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function usePendingLoads(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => 0,
  );
}

/** Marks a lazy chunk's import as pending until it settles. */
export function trackLoad<T>(promise: Promise<T>): Promise<T> {
  pending += 1;
  notify();
  const done = () => {
    pending -= 1;
    notify();
  };
  promise.then(done, done);
  return promise;
}

/** Render as a Suspense fallback: marks a load as pending while mounted. */
export function RouteLoading() {
  useEffect(() => {
    pending += 1;
    notify();
    return () => {
      pending -= 1;
      notify();
    };
  }, []);
  return null;
}
