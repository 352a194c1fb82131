import type { MediaNode } from '@shutter/contract';
import { CARD_OPTIONS } from '../posts/service.js';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import type { Access } from '../access/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import type { PreparedAnswers } from '../../platform/prepared-answers.js';
import type { Timelines } from './timelines.js';

const MAX_ID = '9223372036854775807';

/**
 * Posts from outside the viewer's follows mixed into a page of the home feed, each with the
 * followed hashtag it came through: only posts whose ids lie in the page's range (between the
 * page's last id, exclusive, and `beforeId`), so no two pages share one.
 */
export type FeedExtras = (viewerId: string, beforeId: string, afterId: string) => Promise<{ id: string; tag: string }[]>;

/** The home feed: the posts of the accounts the viewer follows, with posts of followed hashtags mixed in. */
export function createFeedService(hydrate: MediaHydrator, access: Access, timelines: Timelines, extras?: FeedExtras, prepared?: PreparedAnswers<FeedPage>) {
  async function build(viewerId: string, first: number, before: string | null, previewComments: number, likers: number) {
    const ids = await timelines.read(viewerId, first + 1, before);
    const { items, page_info } = toPage(ids, first, (id) => [id]);
    // The last page reaches back to the first post ever; the others end at their last post.
    const floor = page_info.has_next_page ? items[items.length - 1]! : '0';
    const mixed = extras ? await extras(viewerId, before ?? MAX_ID, floor) : [];
    const via = new Map(mixed.map((m) => [m.id, m.tag]));
    const page = mixed.length ? [...items, ...mixed.map((m) => m.id)].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)) : items;
    // A stored entry can be stale (a block, an account gone private): the rules step drops it.
    const shown = await access.keepVisibleMedia(viewerId, page, (id) => id, { remember: !!prepared });
    const nodes = await hydrate(shown, viewerId, { ...CARD_OPTIONS, comments: previewComments, likers, rings: true });
    const answer = { edges: nodes.map((node) => (via.has(node.id) ? { node, followed_hashtag: via.get(node.id)! } : { node })), page_info };
    return { answer, skeleton: ids, shown };
  }

  return {
    async timeline(viewerId: string, first: number, after: string | null | undefined, previewComments: number, likers: number): Promise<FeedPage> {
      const before = decodeIdCursor(after);
      if (!prepared) return (await build(viewerId, first, before, previewComments, likers)).answer;
      // Each page the viewer reads is kept, the next ones too: going back, or loading again, reads it from memory.
      const variant = `${first}:${previewComments}:${likers}:${before ?? ''}`;
      const ready = prepared.get(viewerId, variant);
      // The access module decides at every read: a prepared page some rule now hides from is built anew.
      if (ready && (await access.allStillVisible(viewerId, ready.shown))) return ready.answer;
      const ticket = prepared.ticket();
      const built = await build(viewerId, first, before, previewComments, likers);
      prepared.keep(viewerId, variant, ticket, built);
      return built.answer;
    },
  };
}
/** One page of the home feed, as the feed query answers it. */
export interface FeedPage {
  edges: { node: MediaNode; followed_hashtag?: string }[];
  page_info: { has_next_page: boolean; end_cursor: string | null };
}
export type FeedService = ReturnType<typeof createFeedService>;
