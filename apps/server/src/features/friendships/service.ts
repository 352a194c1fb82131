import { decodeCursor, decodeIdCursor, encodeCursor, toPage } from '../../platform/cursors.js';
import { badRequest, notFound, userNotFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Activity } from '../activity/service.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';
import { isId } from '@shutter/contract';
import type { Access } from '../access/service.js';
import type { Timelines } from '../feed/timelines.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { StoryRings } from '../stories/rings.js';
import { presentRelation, type FriendshipsRepository } from './repository.js';

type ListRow = Awaited<ReturnType<FriendshipsRepository['list']>>[number];

/**
 * Told after an edge between two people changed (a follow, a block, a request approved): both
 * profiles' counts and buttons changed, though only one of them wrote.
 */
export type EdgeChanged = (userIds: string[]) => Promise<void>;

/** The rules of the graph: who may follow whom, private accounts' requests, blocks, and the lists. */
export function createFriendshipsService(repo: FriendshipsRepository, access: Access, storage: Storage, nextId: IdGenerator, activity: Activity, timelines: Timelines, users: Pick<UserSummaries, 'forget'>, rings: Pick<StoryRings, 'attach'>, edgeChanged: EdgeChanged = async () => {}) {
  async function target(viewerId: string, targetId: string) {
    if (viewerId === targetId) throw badRequest("You can't do that to your own account.");
    const user = await repo.findUser(targetId);
    if (!user) throw userNotFound();
    return user;
  }

  const presentRow = (r: ListRow) => ({ ...presentUserSummary(r, storage), ...presentRelation(r) });

  return {

    async follow(viewerId: string, targetId: string): Promise<'following' | 'requested'> {
      const user = await target(viewerId, targetId);
      const { rel } = await access.requireAccount(viewerId, targetId, 'follow', user);
      if (rel.following) return 'following';
      if (user.is_private) {
        if (!rel.requested) {
          await repo.request(viewerId, targetId, nextId());
          await activity.record([{ userId: targetId, actorId: viewerId, type: 'follow_request' }]);
          await edgeChanged([viewerId, targetId]);
        }
        return 'requested';
      }
      await repo.follow(viewerId, targetId, nextId());
      await edgeChanged([viewerId, targetId]);
      await timelines.followed(viewerId, targetId);
      await activity.record([{ userId: targetId, actorId: viewerId, type: 'follow' }]);
      return 'following';
    },

    async unfollow(viewerId: string, targetId: string) {
      await target(viewerId, targetId);
      await repo.unfollow(viewerId, targetId);
      await edgeChanged([viewerId, targetId]);
      await timelines.unfollowed(viewerId, targetId);
      // An unfollow takes back what the follow told, as an unlike does: following in a loop notifies no one twice.
      await activity.forget({ actorId: viewerId, type: 'follow_request', userId: targetId });
      await activity.forget({ actorId: viewerId, type: 'follow', userId: targetId });
    },

    async block(viewerId: string, targetId: string) {
      await target(viewerId, targetId);
      await repo.block(viewerId, targetId, nextId());
      await edgeChanged([viewerId, targetId]);
      await timelines.blocked(viewerId, targetId);
    },

    async unblock(viewerId: string, targetId: string) {
      await target(viewerId, targetId);
      await repo.unblock(viewerId, targetId);
      await edgeChanged([viewerId, targetId]);
    },

    /** R-000-follow-requests-8: only the owner of the requested account decides. */
    async approve(ownerId: string, requesterId: string) {
      if (!isId(requesterId)) throw notFound('No such follow request.');
      if (!(await repo.approve(ownerId, requesterId, nextId()))) throw notFound('No such follow request.');
      await edgeChanged([ownerId, requesterId]);
      await timelines.followed(requesterId, ownerId);
      // The request in the owner's activity becomes what it now is: a follow.
      await activity.forget({ actorId: requesterId, type: 'follow_request', userId: ownerId });
      await activity.record([{ userId: ownerId, actorId: requesterId, type: 'follow' }]);
    },

    async ignore(ownerId: string, requesterId: string) {
      if (!(await repo.ignore(ownerId, requesterId))) throw notFound('No such follow request.');
      await edgeChanged([ownerId, requesterId]);
      await activity.forget({ actorId: requesterId, type: 'follow_request', userId: ownerId });
    },

    async setPrivate(userId: string, isPrivate: boolean) {
      const approved = await repo.setPrivate(userId, isPrivate, nextId);
      await users.forget(userId);
      // Going public approves every pending request: each requester now follows one more account.
      await edgeChanged([userId, ...approved]);
      for (const followerId of approved) await timelines.followed(followerId, userId);
    },

    async requests(ownerId: string, first: number, after: string | null | undefined) {
      const rows = await repo.pendingRequests(ownerId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(rows, first, (r) => [r.edge_id]);
      const [count, people] = await Promise.all([repo.countPendingRequests(ownerId), rings.attach(ownerId, items.map((r) => presentUserSummary(r, storage)))]);
      return { count, edges: people.map((node) => ({ node })), page_info };
    },

    /**
     * A follow list. With mutual_first the accounts the viewer also follows come first: the cursor
     * then says which of the two runs (mutual, then the rest) the page continues.
     */
    async list(userId: string, side: 'followers' | 'following', viewerId: string | null, first: number, after: string | null | undefined, opts: { mutualOnly: boolean; mutualFirst: boolean }) {
      await access.requireContent(viewerId, userId);
      const count = await repo.countSide(userId, side);
      if (!opts.mutualFirst || !viewerId || opts.mutualOnly) {
        const rows = await repo.list(userId, side, viewerId, first, decodeIdCursor(after), opts.mutualOnly ? 'only' : 'any');
        const { items, page_info } = toPage(rows, first, (r) => [r.edge_id]);
        const shown = await access.keepVisibleUsers(viewerId, items, (r) => r.id);
        return { count, edges: (await rings.attach(viewerId, shown.map(presentRow))).map((node) => ({ node })), page_info };
      }
      const [run, beforeId] = after ? decodeCursor(after, 2).map(String) : ['mutual', ''];
      if ((run !== 'mutual' && run !== 'rest') || (beforeId && !isId(beforeId))) throw badRequest('The page cursor is not valid.');
      const mutual = run === 'mutual' ? await repo.list(userId, side, viewerId, first, beforeId || null, 'only') : [];
      const take = mutual.slice(0, first);
      // Once the mutual run is exhausted the page goes on with the rest, from its start.
      const rest = mutual.length <= first
        ? await repo.list(userId, side, viewerId, first - take.length, run === 'rest' ? beforeId || null : null, 'exclude')
        : [];
      const rows = [...take, ...rest];
      const items = rows.slice(0, first);
      const last = items[items.length - 1];
      const hasNext = rows.length > first || mutual.length > first;
      const lastRun = last && take.includes(last) ? 'mutual' : 'rest';
      const shown = await access.keepVisibleUsers(viewerId, items, (r) => r.id);
      return {
        count,
        edges: (await rings.attach(viewerId, shown.map(presentRow))).map((node) => ({ node })),
        page_info: { has_next_page: hasNext, end_cursor: hasNext && last ? encodeCursor([lastRun, last.edge_id]) : null },
      };
    },
  };
}
export type FriendshipsService = ReturnType<typeof createFriendshipsService>;
