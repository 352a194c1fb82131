import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@shutter/contract';
import { apiGet } from '../../lib/api';

/** The search resource: top search for @ and # suggestions while writing. */

export interface TopsearchAnswer {
  users: { position: number; user: UserSummary }[];
  hashtags: { position: number; hashtag: { name: string; media_count: number } }[];
}

const DEBOUNCE_MS = 200;
const topsearchKey = (query: string) => ['topsearch', query] as const;

/** GET /web/search/topsearch/ for @ and # suggestions, after a pause in typing; null = no search. */
export function useTopsearch(query: string | null) {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const enabled = settled !== null && settled !== '';
  return useQuery({
    queryKey: topsearchKey(settled ?? ''),
    queryFn: () => apiGet<TopsearchAnswer>(`/web/search/topsearch/?query=${encodeURIComponent(settled ?? '')}`),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
