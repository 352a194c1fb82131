import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS, type NullStateSectionsAnswer, type RecentSearchesAnswer, type TopSearchAnswer } from '@shutter/contract';
import { apiGet, apiPost } from '../../lib/api';

/** The search resource: top search, the null state's sections and the viewer's recent searches. */

export type SearchContext = 'blended' | 'user' | 'hashtag' | 'place';

const topsearchKey = (query: string, context: SearchContext) => ['topsearch', context, query] as const;
export const recentSearchesKey = ['search', 'recent'] as const;
export const nullStateKey = (type: SearchContext) => ['search', 'nullstate', type] as const;

export function fetchTopsearch(query: string, opts: { context?: SearchContext; rankToken?: string; signal?: AbortSignal } = {}): Promise<TopSearchAnswer> {
  const params = new URLSearchParams({ context: opts.context ?? 'blended', query, include_reel: 'true' });
  if (opts.rankToken) params.set('rank_token', opts.rankToken);
  return apiGet<TopSearchAnswer>(`/web/search/topsearch/?${params.toString()}`, { result: (r) => r.topSearch });
}

export const fetchRecentSearches = () => apiGet<RecentSearchesAnswer>('/web/search/recent_searches/', { result: (r) => r.recentSearches });
export const fetchNullState = (type: SearchContext) => apiGet<NullStateSectionsAnswer>(`/web/search/nullstate_dynamic_sections/?type=${type}`, { result: (r) => r.nullStateSections });
export const registerRecentSearch = (entity: { entity_type: string; entity_id: string }) => apiPost('/web/search/register_recent_search/', entity, { result: (r) => r.ok });
export const clearSearchHistory = () => apiPost('/web/search/clear_search_history/', {}, { result: (r) => r.ok });
/** Each kind is a JSON list, as the service reads it. */
export const hideSearchEntities = (lists: { user?: string[]; hashtag?: string[]; place?: string[]; section?: string[] }) =>
  apiPost('/web/search/hide_search_entities/', {
    user: JSON.stringify(lists.user ?? []), hashtag: JSON.stringify(lists.hashtag ?? []), place: JSON.stringify(lists.place ?? []), section: JSON.stringify(lists.section ?? []),
  });

export function useRecentSearches(enabled: boolean) {
  return useQuery({ queryKey: recentSearchesKey, queryFn: fetchRecentSearches, enabled, staleTime: 30_000 });
}

export function useNullStateSections(type: SearchContext, enabled: boolean) {
  return useQuery({ queryKey: nullStateKey(type), queryFn: () => fetchNullState(type), enabled, staleTime: 5 * 60_000 });
}

/** GET /web/search/topsearch/ for @ and # suggestions, after a pause in typing; null = no search. */
export function useTopsearch(query: string | null, context: SearchContext = 'blended') {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const enabled = settled !== null && settled !== '';
  return useQuery({
    queryKey: topsearchKey(settled ?? '', context),
    queryFn: () => fetchTopsearch(settled ?? '', { context }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
