import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ArchivedStoryResult, HighlightResult, PageInfoResult } from '@shutter/contract';
import { apiGet, apiPost } from '../../lib/api';

/** The highlights resource: a person's highlights, the viewer's story archive, and the changes to both. */

export const HIGHLIGHTS_KEY = 'highlights';
export const ARCHIVE_KEY = ['story-archive'] as const;
export const highlightsKey = (userId: string) => [HIGHLIGHTS_KEY, userId] as const;

export function useHighlights(userId: string, enabled = true) {
  return useQuery({
    queryKey: highlightsKey(userId),
    queryFn: async () => (await apiGet<{ highlights: HighlightResult[] }>(`/web/highlights/${userId}/`, { result: (r) => r.highlightsAnswer })).highlights,
    enabled: enabled && userId !== '',
  });
}

interface ArchivePage {
  items: ArchivedStoryResult[];
  page_info: PageInfoResult;
}

export function useStoryArchive(enabled = true) {
  return useInfiniteQuery({
    queryKey: ARCHIVE_KEY,
    queryFn: ({ pageParam }) => apiGet<ArchivePage>(`/web/archive/stories/${pageParam ? `?after=${encodeURIComponent(pageParam)}` : ''}`, { result: (r) => r.storyArchive }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.page_info.has_next_page && page.page_info.end_cursor ? page.page_info.end_cursor : undefined),
    enabled,
  });
}

export interface HighlightDraft {
  title: string;
  storyIds: string[];
  coverStoryId: string | null;
}

export interface HighlightEdit {
  title?: string;
  coverStoryId?: string | null;
  add?: string[];
  remove?: string[];
}

/** The owner's highlights and the archive's marks both change with any of these. */
function refresh(client: QueryClient, ownerId: string) {
  void client.invalidateQueries({ queryKey: highlightsKey(ownerId) });
  void client.invalidateQueries({ queryKey: ARCHIVE_KEY });
}

export function useCreateHighlight(ownerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (draft: HighlightDraft) =>
      (await apiPost<{ highlight: HighlightResult }>('/web/highlights/create/', {
        title: draft.title, story_ids: draft.storyIds.join(','), cover_story_id: draft.coverStoryId ?? undefined,
      })).highlight,
    onSuccess: () => refresh(client, ownerId),
  });
}

export function useEditHighlight(ownerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, edit }: { id: string; edit: HighlightEdit }) =>
      (await apiPost<{ highlight: HighlightResult }>(`/web/highlights/${id}/edit/`, {
        title: edit.title,
        cover_story_id: edit.coverStoryId === undefined ? undefined : (edit.coverStoryId ?? ''),
        add_story_ids: edit.add?.length ? edit.add.join(',') : undefined,
        remove_story_ids: edit.remove?.length ? edit.remove.join(',') : undefined,
      })).highlight,
    onSuccess: () => refresh(client, ownerId),
  });
}

export function useDeleteHighlight(ownerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost(`/web/highlights/${id}/delete/`),
    onSuccess: () => refresh(client, ownerId),
  });
}

/** The path that opens a highlight in the story viewer. */
export const highlightPath = (h: Pick<HighlightResult, 'reel_id'>) => `/stories/highlights/${encodeURIComponent(h.reel_id.replace(/^highlight:/, ''))}/`;
