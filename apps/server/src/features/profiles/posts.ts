import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import type { Access } from '../access/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import { CARD_OPTIONS } from '../posts/service.js';
import type { ProfilesRepository } from './repository.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };

/** A profile's grid of posts, and the counts its header shows. */
export function createProfilePosts(repo: ProfilesRepository, hydrate: MediaHydrator, access: Access) {
  return {
    async profilePosts(ownerId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await access.requireContent(viewerId, ownerId);
      const [ids, count] = await Promise.all([repo.ownerIds(ownerId, viewerId, first, decodeIdCursor(after)), repo.countOwner(ownerId, viewerId)]);
      const { items, page_info } = toPage(ids, first, (id) => [id]);
      const nodes = await hydrate(items, viewerId, GRID);
      return { count, edges: nodes.map((node) => ({ node })), page_info };
    },

    async profileCounts(ownerId: string, viewerId: string | null) {
      const [posts, follows] = await Promise.all([repo.countOwner(ownerId, viewerId), repo.followCounts(ownerId)]);
      return { posts, ...follows };
    },
  };
}
export type ProfilePosts = ReturnType<typeof createProfilePosts>;
