import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

const HydratedContext = createContext<boolean | null>(null);

/**
 * Holds whether the app has hydrated, for useHydrated: false on the server and while hydrating,
 * true when the client renders on its own (`hydrating` false). The switch after hydration is a transition: what it
 * brings (the rest of the feed's page, times in the reader's zone) renders in slices that yield to
 * the browser instead of in one long task (a store's switch would be synchronous).
 */
export function HydratedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/**
 * False while rendering on the server and while hydrating what it sent, true after (and at once
 * when the client renders on its own). What only the browser knows (its time zone, its cookies)
 * waits for true, so the hydrating render matches the server's markup, then updates.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext) ?? typeof window !== 'undefined';
}
