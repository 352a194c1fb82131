import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedData, Viewer } from '@shutter/contract';
import { setSharedCsrfToken } from '../lib/csrf';
import { fetchSharedData } from '../lib/shared-data';

export const sharedDataKey = ['shared-data'] as const;

interface SessionValue {
  viewer: Viewer | null;
  sharedData: SharedData;
  /** Refetches /data/shared_data/ (after login, signup, logout or cookie consent). */
  refresh: () => Promise<SharedData>;
}

const SessionContext = createContext<SessionValue | null>(null);

interface SessionProviderProps {
  initial: SharedData | null;
  children: ReactNode;
  loading: ReactNode;
  failed: (retry: () => void) => ReactNode;
}

/** Holds the shared data (viewer, csrf token) in the query cache; renders children once it is known. */
export function SessionProvider({ initial, children, loading, failed }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sharedDataKey,
    queryFn: fetchSharedData,
    initialData: initial ?? undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const data = query.data;
  useEffect(() => {
    if (data) setSharedCsrfToken(data.config.csrf_token);
  }, [data]);

  const refresh = useCallback(async () => {
    const next = await fetchSharedData();
    setSharedCsrfToken(next.config.csrf_token);
    queryClient.setQueryData(sharedDataKey, next);
    return next;
  }, [queryClient]);

  const value = useMemo(() => (data ? { viewer: data.config.viewer, sharedData: data, refresh } : null), [data, refresh]);
  if (!value) return <>{query.isError ? failed(() => void query.refetch()) : loading}</>;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
