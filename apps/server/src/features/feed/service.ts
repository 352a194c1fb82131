import { CARD_OPTIONS } from '../posts/service.js';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import { presentRelation } from '../../db/user-columns.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { Places } from '../places/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import type { PostsService } from '../posts/service.js';
import type { FeedRepository } from './repository.js';
import type { Timelines } from './timelines.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };

/** Lists of posts and of people: the home feed, a profile's posts, a post's likers. */
export function createFeedService(repo: FeedRepository, posts: PostsService, hydrate: MediaHydrator, storage: Storage, access: Access, timelines: Timelines, places: Pick<Places, 'find'>) {
  return {
    async timeline(viewerId: string, first: number, after: string | null | undefined, previewComments: number, likers: number) {
      const ids = await timelines.read(viewerId, first + 1, decodeIdCursor(after));
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      // A stored entry can be stale (a block, an account gone private): the rules step drops it.
      const shown = await access.keepVisibleMedia(viewerId, items, (id) => id);
      const nodes = await hydrate(shown, viewerId, { ...CARD_OPTIONS, comments: previewComments, likers });
      return { edges: nodes.map((node) => ({ node })), page_info };
    },

    async profilePosts(ownerId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await access.requireContent(viewerId, ownerId);
      const [ids, count] = await Promise.all([repo.ownerIds(ownerId, viewerId, first, decodeIdCursor(after)), repo.countOwner(ownerId, viewerId)]);
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, GRID);
      return { count, edges: nodes.map((node) => ({ node })), page_info };
    },

    /** A hashtag's page: its post count and its newest posts (the search area adds top posts). */
    async hashtag(rawTag: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const name = rawTag.replace(/^#/, '').toLowerCase();
      const [ids, count] = await Promise.all([repo.hashtagIds(name, viewerId, first, decodeIdCursor(after)), repo.countHashtag(name)]);
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, GRID);
      return { name, edge_hashtag_to_media: { count, edges: nodes.map((node) => ({ node })), page_info } };
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
      return {
        count,
        edges: shown.map((r) => ({ node: { ...presentUserSummary(r, storage), ...presentRelation(r) } })),
        page_info,
      };
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
