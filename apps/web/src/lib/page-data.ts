import { useQuery } from '@tanstack/react-query';
import { fetchPageData } from './api';

/** Page data queries share this prefix so the loading bar can watch them. */
export const PAGE_DATA_KEY = 'page';
export const pageDataKey = (path: string) => [PAGE_DATA_KEY, path] as const;

/** `GET {path}?__a=1` keyed by path (retries come from the retry helper, not from TanStack Query). */
export function usePageData<T>(path: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: pageDataKey(path),
    queryFn: () => fetchPageData<T>(path),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}
