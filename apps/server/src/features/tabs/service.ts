import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { notFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Access } from '../access/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import { CARD_OPTIONS } from '../posts/service.js';
import type { PostsService } from '../posts/service.js';
import type { TabsRepository } from './repository.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };

/** The saved and tagged tabs of a profile, and the tagged person's say over their tags. */
export function createProfileTabs(repo: TabsRepository, hydrate: MediaHydrator, access: Access, nextId: IdGenerator, posts: Pick<PostsService, 'changed'>) {
  return {
    /** Only ever the viewer's own saved posts. */
    async saved(viewerId: string, first: number, after: string | null | undefined) {
      const rows = await repo.saved(viewerId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(rows, first, (r) => [r.save_id]);
      const [count, nodes] = await Promise.all([repo.countSaved(viewerId), hydrate(items.map((r) => r.id), viewerId, GRID)]);
      return { count, edges: nodes.map((node) => ({ node })), page_info };
    },

    /** Posts a person is tagged in: approved ones for everyone, pending ones for that person too. */
    async tagged(userId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await access.requireContent(viewerId, userId);
      const rows = await repo.tagged(userId, viewerId, viewerId === userId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(rows, first, (r) => [r.sort_key]);
      const nodes = await hydrate(items.map((r) => r.media_id), viewerId, GRID);
      const status = new Map(items.map((r) => [r.media_id, r.status === 'approved' ? 'approved' : 'pending']));
      return {
        count: await repo.countTagged(userId, viewerId),
        edges: nodes.map((node) => ({ node: { ...node, tag_status: status.get(node.id) } })),
        page_info,
      };
    },

    /** Approved tags on posts the viewer may see. */
    taggedCount: (userId: string, viewerId: string | null) => repo.countTagged(userId, viewerId),

    /** The review of the person's tag on each post (absent: no longer tagged there), for their activity. */
    tagStatuses: (userId: string, mediaIds: string[]) => repo.statuses(userId, mediaIds),

    /** Whether new tags of the person wait for their approval (on by default). */
    reviewsTags: (userId: string) => repo.reviewsTags(userId),
    setReviewsTags: (userId: string, enabled: boolean) => repo.setReviewsTags(userId, enabled),

    async approveTag(userId: string, mediaId: string) {
      if (!(await repo.approve(userId, mediaId, nextId()))) throw notFound('You are not tagged in that post.');
      await posts.changed(mediaId);
    },

    async removeTag(userId: string, mediaId: string) {
      if (!(await repo.remove(userId, mediaId))) throw notFound('You are not tagged in that post.');
      await posts.changed(mediaId);
    },
  };
}
export type ProfileTabs = ReturnType<typeof createProfileTabs>;
