import { useEffect } from 'react';
import { hashKey, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORY_VIEWERS_PAGE, parseReelId, type QueryResult, type ReelResult, type StoryItemResult, type TrayReelResult, type UserSummary } from '@shutter/contract';
import { apiPost, fetchPageData } from '../../lib/api';
import { pageDataKey } from '../../lib/page-data';
import { runQuery } from '../../lib/run-query';
import { readItem, writeItem } from '../../lib/storage';
import { FEED_KEY, FEED_STAGED_KEY } from './feed';
import { markReelSeenInCache } from '../reel-seen';

/**
 * The stories resource of the viewer and the tray: the tray (feed_tray), reels' media
 * (reels_media), a story's viewers, the seen mark, replies, reactions and deletion, and the reels a
 * person muted on this device.
 */

export const STORY_TRAY_KEY = ['stories', 'tray'] as const;
/** Where a story is made: the camera or a file, then the editor. */
export const STORY_CREATE_PATH = '/create/story/';
export const storyViewersKey = (itemId: string) => ['stories', 'viewers', itemId] as const;

// ---- The tray ----

export async function fetchStoryTray(): Promise<TrayReelResult[]> {
  const data = await runQuery<QueryResult<'feed_tray'>>('feed_tray', { only_stories: true, stories_prefetch: true, stories_video_dash_manifest: false });
  return data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((edge) => edge.node);
}

/** Asked again whenever the home page shows, and when the feed refreshes. */
export function useStoryTray(enabled: boolean) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: STORY_TRAY_KEY, queryFn: fetchStoryTray, enabled, refetchOnMount: 'always', staleTime: 10_000, retry: false });
  useEffect(() => {
    if (!enabled) return;
    const feedHashes = [hashKey(FEED_KEY), hashKey(FEED_STAGED_KEY)];
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || !feedHashes.includes(event.query.queryHash)) return;
      const tray = client.getQueryState(STORY_TRAY_KEY);
      if (tray && Date.now() - tray.dataUpdatedAt > 5_000) void client.invalidateQueries({ queryKey: STORY_TRAY_KEY, exact: true });
    });
  }, [client, enabled]);
  return query;
}

export function cachedTray(client: QueryClient): TrayReelResult[] | undefined {
  return client.getQueryData<TrayReelResult[]>(STORY_TRAY_KEY);
}

/** The viewer's opening rules may drop expired reels from the tray. */
export function setTrayOrder(client: QueryClient, order: string[]): void {
  client.setQueryData<TrayReelResult[]>(STORY_TRAY_KEY, (tray) => {
    if (!tray) return tray;
    const kept = tray.filter((reel) => order.includes(reel.id));
    return kept.length === tray.length ? tray : kept;
  });
}

// ---- Reels' media ----

/** reels_media's variables for a batch of reel ids of every kind. */
export function reelsMediaVariables(reelIds: string[], ownerViewers: boolean): Record<string, unknown> {
  const vars = { reel_ids: [] as string[], tag_names: [] as string[], location_ids: [] as string[], highlight_reel_ids: [] as string[] };
  for (const reelId of reelIds) {
    const ref = parseReelId(reelId);
    if (!ref) continue;
    if (ref.kind === 'user') vars.reel_ids.push(ref.id);
    else if (ref.kind === 'highlight') vars.highlight_reel_ids.push(ref.id);
    else if (ref.kind === 'tag') vars.tag_names.push(ref.name);
    else vars.location_ids.push(ref.id);
  }
  return { ...vars, precomposed_overlay: false, show_story_viewer_list: ownerViewers, story_viewer_fetch_count: STORY_VIEWERS_PAGE, stories_video_dash_manifest: false };
}

export async function fetchReelsMedia(reelIds: string[], ownerViewers = true): Promise<ReelResult[]> {
  const data = await runQuery<QueryResult<'reels_media'>>('reels_media', reelsMediaVariables(reelIds, ownerViewers));
  return data.reels_media;
}

// ---- Opening a person's reel from their ringed picture ----

// A reel asked for by a ring's opening is the viewer's first batch only this soon after.
const PREPARED_FRESH_MS = 15_000;
const prepared = new Map<string, { at: number; reels: Promise<ReelResult[]> }>();

function loadImage(url: string): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = image.onerror = () => resolve();
    image.src = url;
  });
}

/**
 * A person's reel, asked for while their ring spins: its media, then the picture it opens on (the
 * first unseen item, else the first). The viewer's first batch takes the answer (reelsMediaForBatch).
 */
export async function prepareReel(reelId: string): Promise<void> {
  for (const [key, entry] of prepared) if (Date.now() - entry.at > PREPARED_FRESH_MS) prepared.delete(key);
  const reels = fetchReelsMedia([reelId]);
  prepared.set(reelId, { at: Date.now(), reels });
  const reel = (await reels).find((r) => r.id === reelId);
  const first = reel?.items.find((item) => item.taken_at_timestamp > reel.seen) ?? reel?.items[0];
  if (first?.display_url) await loadImage(first.display_url);
}

/** A batch of the viewer: what a ring's opening just asked for when it is this batch (taken once), else asked now. */
export function reelsMediaForBatch(reelIds: string[]): Promise<ReelResult[]> {
  const key = reelIds.join(',');
  const hit = prepared.get(key);
  prepared.delete(key);
  if (!hit || Date.now() - hit.at > PREPARED_FRESH_MS) return fetchReelsMedia(reelIds);
  return hit.reels.catch(() => fetchReelsMedia(reelIds));
}

/** A person's id from their username (their profile's page data, shared with the profile screen). */
export async function userIdOf(client: QueryClient, username: string): Promise<string | null> {
  try {
    const data = await client.fetchQuery({
      queryKey: pageDataKey(`/${username}/`),
      queryFn: () => fetchPageData<{ graphql: { user: { id: string } } }>(`/${username}/`),
      staleTime: 30_000,
    });
    return data.graphql.user.id;
  } catch {
    return null;
  }
}

// ---- Seen ----

/**
 * Marks an item seen. The reel's seen time moves to the item's (never back) in the tray's copy, so
 * its ring turns grey once the last item is seen.
 */
export async function markStorySeen(client: QueryClient, reel: ReelResult, item: StoryItemResult): Promise<void> {
  const ownerId = item.owner.id;
  const trayId = reel.reel_type === 'user_reel' ? reel.id : null;
  await apiPost('/stories/reel/seen', {
    reelMediaId: item.id,
    reelMediaOwnerId: ownerId,
    reelId: reel.id,
    reelMediaTakenAt: item.taken_at_timestamp,
    viewSeenAt: Math.floor(Date.now() / 1000),
  });
  client.setQueryData<TrayReelResult[]>(STORY_TRAY_KEY, (tray) =>
    tray?.map((entry) => (entry.id === trayId && entry.seen < item.taken_at_timestamp ? { ...entry, seen: item.taken_at_timestamp } : entry)),
  );
  // The rings on this person's pictures elsewhere (feed, profile, lists, search, direct) follow.
  if (trayId) markReelSeenInCache(client, trayId, item.taken_at_timestamp);
}

// ---- Viewers (the owner's) ----

export function useStoryViewers(itemId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: storyViewersKey(itemId),
    enabled,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const data = await runQuery<QueryResult<'story_viewers'>>('story_viewers', { item_id: itemId, story_viewer_fetch_count: STORY_VIEWERS_PAGE, story_viewer_cursor: pageParam });
      const viewers = data.media.edge_story_media_viewers;
      return { count: viewers.count, edges: viewers.edges as { node: UserSummary }[], page_info: viewers.page_info };
    },
    getNextPageParam: (last) => (last.page_info.has_next_page ? last.page_info.end_cursor : null),
    retry: false,
  });
}

// ---- Replies, reactions, deletion ----

export function sendStoryReply(item: StoryItemResult, text: string): Promise<unknown> {
  return apiPost('/direct_v2/web/threads/broadcast/reel_share/', { reel_id: item.owner.id, media_id: item.id, text, client_context: crypto.randomUUID() });
}

export function sendStoryReaction(item: StoryItemResult, emoji: string): Promise<unknown> {
  return apiPost('/direct_v2/web/threads/broadcast/reel_react/', { reel_id: item.owner.id, media_id: item.id, reaction_emoji: emoji, client_context: crypto.randomUUID() });
}

export async function deleteStory(client: QueryClient, item: StoryItemResult): Promise<void> {
  await apiPost(`/stories/${item.id}/delete/`);
  void client.invalidateQueries({ queryKey: STORY_TRAY_KEY });
}

// ---- Muted reels (a choice kept on this device) ----

const MUTED_KEY = 'shutter.muted-reels';

export function mutedReels(): string[] {
  try {
    const list = JSON.parse(readItem(MUTED_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function setReelMuted(reelId: string, muted: boolean): void {
  const others = mutedReels().filter((id) => id !== reelId);
  writeItem(MUTED_KEY, JSON.stringify(muted ? [...others, reelId] : others));
}

// ---- Returning to a story after login ----

const STORY_AUTH_KEY = 'shutter.story-auth-link';

/** A visitor sent to log in from a story: where to come back to (login's next= takes them there). */
export function storeStoryAuthLink(path: string): void {
  writeItem(STORY_AUTH_KEY, path, 'sessionStorage');
}
