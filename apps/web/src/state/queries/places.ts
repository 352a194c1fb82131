import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CityPageData, CountryPageData, DirectoryLandingData, LocationSearchResult, PlacePageData } from '@shutter/contract';
import { apiGet, fetchPageData } from '../../lib/api';
import { pageDataKey } from '../../lib/page-data';
import { locationGridPage } from './discover';
import { locationMediaKey } from './post';

/**
 * Places and the location directory. A directory id names a country by its code (`US`), a city
 * by `c` and its id, a place by its id; the server answers each at `/explore/locations/{id}/`.
 */
export type DirectoryId = { kind: 'country'; id: string } | { kind: 'city'; id: string } | { kind: 'place'; id: string };

export function parseDirectoryId(raw: string): DirectoryId | null {
  if (/^[A-Z]{2}$/.test(raw)) return { kind: 'country', id: raw };
  if (/^c\d{1,18}$/.test(raw)) return { kind: 'city', id: raw };
  if (/^\d{1,18}$/.test(raw)) return { kind: 'place', id: raw };
  return null;
}

export const DIRECTORY_ROOT = '/explore/locations/';
export const directoryPath = (id: string, slug?: string) => (id ? `${DIRECTORY_ROOT}${id}/${slug ? `${slug}/` : ''}` : DIRECTORY_ROOT);
/** A directory page of more items, as a plain link (crawlers follow it; the app loads it in place). */
export const nextPagePath = (id: string, slug: string | undefined, next: string) => `${directoryPath(id, slug)}?page=${encodeURIComponent(next)}`;

/** A place's page data (its header and top posts) is kept under its canonical path. */
export const placePageKey = (id: string) => pageDataKey(directoryPath(id));
export const directoryKey = (id: string, startPage: string | null) => ['location-directory', id, startPage ?? ''] as const;

export const firstPageOf = <T,>(page: T) => ({ pages: [page], pageParams: [null] });

/** The newest posts of the page data seed the place's grid, so its first page is not asked for twice. */
function seedGrid(client: QueryClient, id: string, data: PlacePageData) {
  if (!client.getQueryData(locationMediaKey(id))) client.setQueryData(locationMediaKey(id), firstPageOf(locationGridPage(data.graphql.location)));
}

export function usePlacePage(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: placePageKey(id),
    queryFn: async () => {
      const data = await fetchPageData<PlacePageData>(directoryPath(id), { result: (r) => r.placePage });
      seedGrid(client, id, data);
      return data;
    },
    retry: false,
    staleTime: 30_000,
  });
}

type DirectoryData = DirectoryLandingData | CountryPageData | CityPageData;

/** A directory page and the pages after it, each `?page=` of the one before. */
export function useDirectory<T extends DirectoryData>(id: string, startPage: string | null) {
  return useInfiniteQuery({
    queryKey: directoryKey(id, startPage),
    queryFn: ({ pageParam }) => {
      const page = pageParam ?? startPage;
      return fetchPageData<T>(page ? `${directoryPath(id)}?page=${encodeURIComponent(page)}` : directoryPath(id));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: T) => last.next_page ?? undefined,
    retry: false,
    staleTime: 30_000,
  });
}

const SEARCH_DEBOUNCE_MS = 250;
const locationSearchKey = (query: string) => ['location-search', query] as const;

/** A rank token per picker session: one search session, as the service's ranking groups them. */
export const newRankToken = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** GET /location_search/ after a pause in typing; null or empty = no search. */
export function useLocationSearch(query: string | null, rankToken: string) {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const q = settled?.trim() ?? '';
  return useQuery({
    queryKey: locationSearchKey(q),
    queryFn: () => apiGet<LocationSearchResult>(`/location_search/?${new URLSearchParams({ search_query: q, rank_token: rankToken })}`),
    enabled: q !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
