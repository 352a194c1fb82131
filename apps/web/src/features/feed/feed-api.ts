import { FEED_CACHE_NAME, FEED_PAGE_SIZE, INITIAL_FEED_ELEMENT_ID, FEED_PREVIEW_COMMENTS, SOCIAL_CONTEXT_LIKERS, type FeedPage, type MediaNode } from '@shutter/contract';
import { runQuery } from '../../lib/run-query';
import { takeEmbeddedJson } from '../../lib/shared-data';
import type { KeyValueStorage } from '../../lib/storage';
import { feedItemOf, type FeedPageState } from './feed-reducer';

export const FEED_KEY = ['feed'] as const;

export interface FeedAnswer {
  nodes: MediaNode[];
  page: FeedPageState;
}

export type FeedRequest = { kind: 'first' } | { kind: 'refresh'; cachedIds: string[] } | { kind: 'next'; cursor: string; cachedIds: string[] };

/** Spec 000 §7: the first load sends has_threaded_comments; refresh and next page add the fetch_* flags. */
export function feedVariables(request: FeedRequest): Record<string, unknown> {
  if (request.kind === 'first') return { has_threaded_comments: true };
  return {
    has_threaded_comments: true,
    fetch_media_item_count: FEED_PAGE_SIZE,
    fetch_media_item_cursor: request.kind === 'next' ? request.cursor : null,
    fetch_comment_count: FEED_PREVIEW_COMMENTS,
    fetch_like: SOCIAL_CONTEXT_LIKERS,
    has_stories: false,
    // The server caps the list at 100 ids.
    cached_feed_item_ids: request.cachedIds.slice(0, 100),
  };
}

export function pageStateOf(data: FeedPage): FeedAnswer {
  const timeline = data.user.edge_web_feed_timeline;
  const nodes = timeline.edges.map((edge) => edge.node);
  return {
    nodes,
    page: {
      items: nodes.map(feedItemOf),
      paginationInfo: { hasNextPage: timeline.page_info.has_next_page, endCursor: timeline.page_info.end_cursor },
    },
  };
}

export async function fetchFeed(request: FeedRequest): Promise<FeedAnswer> {
  return pageStateOf(await runQuery<FeedPage>('feed', feedVariables(request)));
}

function isFeedPage(value: unknown): value is FeedPage {
  const timeline = (value as FeedPage | null)?.user?.edge_web_feed_timeline;
  return !!timeline && Array.isArray(timeline.edges) && typeof timeline.page_info === 'object' && timeline.page_info !== null;
}

/** The first page the HTML of `/` carries: the answer the first `feed` query would get. */
export function takeInitialFeed(doc?: Document): FeedAnswer | null {
  const embedded = takeEmbeddedJson(INITIAL_FEED_ELEMENT_ID, doc);
  return isFeedPage(embedded) ? pageStateOf(embedded) : null;
}

interface StoredFeed {
  nodes: MediaNode[];
  page: FeedPageState;
  savedAt: number;
}

/** Spec 000 §9: the last feed is kept under `feed-cache` and shown at once on the next visit. */
export function readFeedCache(storage: KeyValueStorage | null): FeedAnswer | null {
  try {
    const raw = storage?.getItem(FEED_CACHE_NAME);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredFeed;
    if (!Array.isArray(stored.nodes) || !Array.isArray(stored.page?.items)) return null;
    return { nodes: stored.nodes, page: stored.page };
  } catch {
    return null;
  }
}

/** Keeps the first page only: enough to paint at once without filling the storage quota. */
export function writeFeedCache(storage: KeyValueStorage | null, answer: FeedAnswer): void {
  const nodes = answer.nodes.slice(0, FEED_PAGE_SIZE);
  const ids = new Set(nodes.map((node) => node.id));
  const stored: StoredFeed = {
    nodes,
    page: { items: answer.page.items.filter((item) => ids.has(item.postId)), paginationInfo: answer.page.paginationInfo },
    savedAt: Date.now(),
  };
  try {
    storage?.setItem(FEED_CACHE_NAME, JSON.stringify(stored));
  } catch {
    /* quota: the next visit simply waits for the network */
  }
}

export function removeFromFeedCache(storage: KeyValueStorage | null, postId: string): void {
  const cached = readFeedCache(storage);
  if (!cached) return;
  writeFeedCache(storage, {
    nodes: cached.nodes.filter((node) => node.id !== postId),
    page: { ...cached.page, items: cached.page.items.filter((item) => item.postId !== postId) },
  });
}
