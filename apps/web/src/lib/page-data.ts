import { useQuery } from '@tanstack/react-query';
import { fetchPageData } from './api';
import type { PickResult } from './answer-check';

/** Page data queries share this prefix so the loading bar can watch them. */
export const PAGE_DATA_KEY = 'page';
export const pageDataKey = (path: string) => [PAGE_DATA_KEY, path] as const;

/**
 * `GET {path}?__a=1` keyed by path (retries come from the retry helper, not from TanStack Query);
 * `result` picks the page's schema (`(r) => r.pageData.profile`), against which the answer is checked.
 */
export function usePageData<T>(path: string, { enabled = true, result }: { enabled?: boolean; result?: PickResult<T> } = {}) {
  return useQuery({
    queryKey: pageDataKey(path),
    queryFn: () => fetchPageData<T>(path, { result }),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}
