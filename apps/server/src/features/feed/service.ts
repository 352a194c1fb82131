import { CARD_OPTIONS } from '../posts/service.js';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import type { PostsService } from '../posts/service.js';
import type { FeedRepository } from './repository.js';

/** Lists of posts and of people: the home feed, a profile's posts, a post's likers. */
export function createFeedService(repo: FeedRepository, posts: PostsService, hydrate: MediaHydrator, storage: Storage, access: Access) {
  return {
    async timeline(viewerId: string, first: number, after: string | null | undefined, previewComments: number, likers: number) {
      const ids = await repo.timelineIds(viewerId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, { ...CARD_OPTIONS, comments: previewComments, likers });
      return { edges: nodes.map((node) => ({ node })), page_info };
    },

    async profilePosts(ownerId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await access.requireContent(viewerId, ownerId);
      const [ids, count] = await Promise.all([repo.ownerIds(ownerId, viewerId, first, decodeIdCursor(after)), repo.countOwner(ownerId, viewerId)]);
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, { ...CARD_OPTIONS, comments: 0, likers: 0 });
      return { count, edges: nodes.map((node) => ({ node })), page_info };
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
        edges: shown.map((r) => ({ node: { ...presentUserSummary(r, storage), followed_by_viewer: Boolean(r.followed_by_viewer) } })),
        page_info,
      };
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
