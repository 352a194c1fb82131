import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import type { Access } from '../access/service.js';
import { presentRelation } from '../friendships/repository.js';
import type { StoryRings } from '../stories/rings.js';
import type { PostsRepository } from './repository.js';
import type { PostsService } from './service.js';

/** Who liked a post, as a list of people the viewer may see. */
export function createLikedBy(repo: PostsRepository, posts: Pick<PostsService, 'visible' | 'likeCount'>, access: Access, storage: Storage, rings: Pick<StoryRings, 'attach'>) {
  return async function likedBy(mediaId: string, viewerId: string | null, first: number, after: string | null | undefined) {
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
  };
}
export type LikedBy = ReturnType<typeof createLikedBy>;
