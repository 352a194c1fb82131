import { CARD_OPTIONS } from '../posts/service.js';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { notFound } from '../../platform/errors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import { presentRelation } from '../../db/user-columns.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import type { PostsService } from '../posts/service.js';
import type { FeedRepository } from './repository.js';
import type { Timelines } from './timelines.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };

/** Lists of posts and of people: the home feed, a profile's posts, a post's likers. */
export function createFeedService(repo: FeedRepository, posts: PostsService, hydrate: MediaHydrator, storage: Storage, access: Access, timelines: Timelines) {
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

    /** A place's page: its name and its newest posts. */
    async location(locationId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const place = await repo.findLocation(locationId);
      if (!place) throw notFound('Place not found.');
      const [ids, count] = await Promise.all([repo.locationIds(place.id, viewerId, first, decodeIdCursor(after)), repo.countLocation(place.id)]);
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, GRID);
      return { ...place, edge_location_to_media: { count, edges: nodes.map((node) => ({ node })), page_info } };
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
