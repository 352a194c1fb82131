import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { tableAs } from '../../db/table-ref.js';
import { createAccountsRepository, userSummaryColumns, usersAs } from '../accounts/repository.js';
import { postTagWriter } from '../hashtags/post-tags.repository.js';

/** This area's tables, lent to other areas' queries under an alias of their choosing. */
export const followsAs = tableAs('follows');

type Person = string | RawBuilder<unknown>;

/** True when `follower` follows `followee` (each an id, or a column as `sql.ref`). */
export const followsSql = (follower: Person, followee: Person) =>
  sql<boolean>`exists (select 1 from follows follow_ where follow_.follower_id = ${follower} and follow_.followee_id = ${followee})`;

/** True when `requester` asked to follow `target` and waits for an answer. */
export const requestedSql = (requester: Person, target: Person) =>
  sql<boolean>`exists (select 1 from follow_requests request_ where request_.requester_id = ${requester} and request_.target_id = ${target})`;

/**
 * How the viewer stands with each listed person, whose id is the column `personId` (`u.id`):
 * whether the viewer follows them or asked to, and whether they follow the viewer ("Follow Back").
 * All false for a visitor.
 */
export function viewerRelationColumns(viewerId: string | null, personId: string) {
  if (!viewerId) return [sql<boolean>`false`.as('followed_by_viewer'), sql<boolean>`false`.as('requested_by_viewer'), sql<boolean>`false`.as('follows_viewer')];
  const person = sql.ref(personId);
  return [
    followsSql(viewerId, person).as('followed_by_viewer'),
    requestedSql(viewerId, person).as('requested_by_viewer'),
    followsSql(person, viewerId).as('follows_viewer'),
  ];
}

/** Those three as the booleans a list row carries. */
export const presentRelation = (r: { followed_by_viewer: unknown; requested_by_viewer: unknown; follows_viewer: unknown }) => ({
  followed_by_viewer: Boolean(r.followed_by_viewer),
  requested_by_viewer: Boolean(r.requested_by_viewer),
  follows_viewer: Boolean(r.follows_viewer),
});

/** Every SQL statement of the graph: follows, requests, blocks and the lists they make. */
/** Up to `limit` of an account's followers, in no order (the trays a new story of theirs may enter). */
export async function followerIdsOf(db: Db, followeeId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('follows').select('follower_id').where('followee_id', '=', followeeId).limit(limit).execute();
  return rows.map((r) => r.follower_id);
}

export function createFriendshipsRepository(db: Db) {
  const accounts = createAccountsRepository(db);
  return {
    findUser: accounts.privacy,

    async follow(followerId: string, followeeId: string, id: string) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('follows').values({ follower_id: followerId, followee_id: followeeId, id }).onConflict((oc) => oc.doNothing()).execute();
        await trx.deleteFrom('follow_requests').where('requester_id', '=', followerId).where('target_id', '=', followeeId).execute();
      });
    },

    async request(requesterId: string, targetId: string, id: string) {
      await db.insertInto('follow_requests').values({ requester_id: requesterId, target_id: targetId, id }).onConflict((oc) => oc.doNothing()).execute();
    },

    /** Ends a follow and withdraws a pending request. */
    async unfollow(followerId: string, followeeId: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute();
        await trx.deleteFrom('follow_requests').where('requester_id', '=', followerId).where('target_id', '=', followeeId).execute();
      });
    },

    /** A block removes follows and requests both ways, in one transaction. */
    async block(blockerId: string, blockedId: string, id: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('follows').where((eb) => eb.or([
          eb.and([eb('follower_id', '=', blockerId), eb('followee_id', '=', blockedId)]),
          eb.and([eb('follower_id', '=', blockedId), eb('followee_id', '=', blockerId)]),
        ])).execute();
        await trx.deleteFrom('follow_requests').where((eb) => eb.or([
          eb.and([eb('requester_id', '=', blockerId), eb('target_id', '=', blockedId)]),
          eb.and([eb('requester_id', '=', blockedId), eb('target_id', '=', blockerId)]),
        ])).execute();
        await trx.insertInto('blocks').values({ blocker_id: blockerId, blocked_id: blockedId, id }).onConflict((oc) => oc.doNothing()).execute();
      });
    },

    async unblock(blockerId: string, blockedId: string) {
      await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
    },

    /** Turns a pending request into a follow; false when there was no such request. */
    async approve(ownerId: string, requesterId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('follow_requests').where('requester_id', '=', requesterId).where('target_id', '=', ownerId).executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) return false;
        await trx.insertInto('follows').values({ follower_id: requesterId, followee_id: ownerId, id }).onConflict((oc) => oc.doNothing()).execute();
        return true;
      });
    },

    async ignore(ownerId: string, requesterId: string): Promise<boolean> {
      const gone = await db.deleteFrom('follow_requests').where('requester_id', '=', requesterId).where('target_id', '=', ownerId).executeTakeFirst();
      return Number(gone.numDeletedRows) > 0;
    },

    /** Sets the privacy; going public accepts every pending request, as nobody is waiting any more. */
    /** Answers the requesters who became followers. */
    async setPrivate(userId: string, isPrivate: boolean, nextId: () => string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await createAccountsRepository(trx).setPrivate(userId, isPrivate);
        // Who may see the posts changed: their tags' public counts follow, in the same commit.
        await postTagWriter.refreshOwner(trx, userId);
        if (isPrivate) return [];
        const pending = await trx.deleteFrom('follow_requests').where('target_id', '=', userId).returning('requester_id').execute();
        if (pending.length) {
          await trx.insertInto('follows').values(pending.map((p) => ({ follower_id: p.requester_id, followee_id: userId, id: nextId() }))).onConflict((oc) => oc.doNothing()).execute();
        }
        return pending.map((p) => p.requester_id);
      });
    },

    pendingRequests(ownerId: string, first: number, beforeId: string | null) {
      let q = db
        .selectFrom('follow_requests')
        .innerJoin(usersAs('u'), 'u.id', 'follow_requests.requester_id')
        .select(['follow_requests.id as edge_id', ...userSummaryColumns('u')])
        .where('follow_requests.target_id', '=', ownerId);
      if (beforeId) q = q.where('follow_requests.id', '<', beforeId);
      return q.orderBy('follow_requests.id', 'desc').limit(first + 1).execute();
    },

    countPendingRequests(ownerId: string) {
      return db.selectFrom('follow_requests').select((eb) => eb.fn.countAll<string>().as('n')).where('target_id', '=', ownerId).executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    /**
     * Followers of a user (or whom they follow), newest follow first, with the viewer's relation to
     * each; `mutual` keeps only those the viewer follows too, or only the others.
     */
    list(userId: string, side: 'followers' | 'following', viewerId: string | null, first: number, beforeId: string | null, mutual: 'any' | 'only' | 'exclude') {
      const personCol = side === 'followers' ? 'follows.follower_id' : 'follows.followee_id';
      const ownerCol = side === 'followers' ? 'follows.followee_id' : 'follows.follower_id';
      let q = db
        .selectFrom('follows')
        .innerJoin(usersAs('u'), 'u.id', personCol)
        .select(['follows.id as edge_id', ...userSummaryColumns('u')])
        .select(viewerRelationColumns(viewerId, 'u.id'))
        .where(ownerCol, '=', userId);
      if (viewerId) {
        const mutualSql = followsSql(viewerId, sql.ref('u.id'));
        if (mutual === 'only') q = q.where(mutualSql);
        if (mutual === 'exclude') q = q.where(sql<boolean>`not ${mutualSql}`);
      }
      if (beforeId) q = q.where('follows.id', '<', beforeId);
      return q.orderBy('follows.id', 'desc').limit(first + 1).execute();
    },

    countSide: accounts.followCount,
  };
}
export type FriendshipsRepository = ReturnType<typeof createFriendshipsRepository>;
