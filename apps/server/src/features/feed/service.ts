import { CARD_OPTIONS } from '../posts/service.js';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import { presentRelation } from '../../db/user-columns.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { Places } from '../places/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import type { PostsService } from '../posts/service.js';
import type { StoryRings } from '../stories/rings.js';
import type { FeedRepository } from './repository.js';
import type { Timelines } from './timelines.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };

const MAX_ID = '9223372036854775807';

/**
 * Posts from outside the viewer's follows mixed into a page of the home feed, each with the
 * followed hashtag it came through: only posts whose ids lie in the page's range (between the
 * page's last id, exclusive, and `beforeId`), so no two pages share one.
 */
export type FeedExtras = (viewerId: string, beforeId: string, afterId: string) => Promise<{ id: string; tag: string }[]>;

/** Lists of posts and of people: the home feed, a profile's posts, a post's likers. */
export function createFeedService(repo: FeedRepository, posts: PostsService, hydrate: MediaHydrator, storage: Storage, access: Access, timelines: Timelines, places: Pick<Places, 'find'>, rings: Pick<StoryRings, 'attach'>, extras?: FeedExtras) {
  return {
    async timeline(viewerId: string, first: number, after: string | null | undefined, previewComments: number, likers: number) {
      const before = decodeIdCursor(after);
      const ids = await timelines.read(viewerId, first + 1, before);
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      // The last page reaches back to the first post ever; the others end at their last post.
      const floor = page_info.has_next_page ? items[items.length - 1]! : '0';
      const mixed = extras ? await extras(viewerId, before ?? MAX_ID, floor) : [];
      const via = new Map(mixed.map((m) => [m.id, m.tag]));
      const page = mixed.length ? [...items, ...mixed.map((m) => m.id)].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)) : items;
      // A stored entry can be stale (a block, an account gone private): the rules step drops it.
      const shown = await access.keepVisibleMedia(viewerId, page, (id) => id);
      const nodes = await hydrate(shown, viewerId, { ...CARD_OPTIONS, comments: previewComments, likers, rings: true });
      return { edges: nodes.map((node) => (via.has(node.id) ? { node, followed_hashtag: via.get(node.id)! } : { node })), page_info };
    },

    async profilePosts(ownerId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await access.requireContent(viewerId, ownerId);
      const [ids, count] = await Promise.all([repo.ownerIds(ownerId, viewerId, first, decodeIdCursor(after)), repo.countOwner(ownerId, viewerId)]);
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, GRID);
      return { count, edges: nodes.map((node) => ({ node })), page_info };
    },

    /**
     * A place's newest posts the viewer may see. The count is of all its posts: a number, which
     * shows nothing of the posts the viewer may not see.
     */
    async location(locationId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const place = await places.find(locationId);
      const ids = await repo.locationIds(place.id, viewerId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, GRID);
      return { id: place.id, name: place.name, slug: place.slug, edge_location_to_media: { count: place.media_count, edges: nodes.map((node) => ({ node })), page_info } };
    },

    /** A place's most liked and commented posts the viewer may see. */
    async locationTop(locationId: string, viewerId: string | null, first: number) {
      const ids = await repo.locationTopIds(locationId, viewerId, first);
      const nodes = await hydrate(ids, viewerId, GRID);
      return { edges: nodes.map((node) => ({ node })) };
    },

    async profileCounts(ownerId: string, viewerId: string | null) {
      const [posts, follows] = await Promise.all([repo.countOwner(ownerId, viewerId), repo.followCounts(ownerId)]);
      return { posts, ...follows };
    },

    async likedBy(mediaId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const post = await posts.visible(mediaId, viewerId);
      const rows = await repo.likers(post.id, viewerId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(rows, first, (r) => [r.like_id]);
      const [shown, count] = await Promise.all([access.keepVisibleUsers(viewerId, items, (r) => r.id), posts.likeCount(post.id)]);
      const people = await rings.attach(viewerId, shown.map((r) => ({ ...presentUserSummary(r, storage), ...presentRelation(r) })));
      return {
        count,
        edges: people.map((node) => ({ node })),
        page_info,
      };
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
