import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DirectMemberState } from '../../db/schema.js';
import { mediaVisibleSql, notBlockedSql, notGoneSql } from './sql.js';

export interface Relationship {
  following: boolean;
  followed_by: boolean;
  requested: boolean;
  has_requested_viewer: boolean;
  blocking: boolean;
  blocked_by: boolean;
}

/** A person's place in a direct thread, as the access rules need it. */
export interface ThreadMemberRow {
  state: DirectMemberState;
  is_admin: boolean;
  is_group: boolean;
  /** One-to-one only: a block stands between the two, either way. */
  blocked: boolean;
}

export const NO_RELATIONSHIP: Relationship = { following: false, followed_by: false, requested: false, has_requested_viewer: false, blocking: false, blocked_by: false };

/** The reads the access rules need: what binds two accounts, batched for lists. */
export function createAccessRepository(db: Db) {
  async function goneAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.id', 'in', userIds)
      .where(sql<boolean>`not ${notGoneSql(sql.ref('u.id'))}`)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async function visibleMediaOwners(viewerId: string | null, mediaIds: readonly string[]): Promise<{ id: string; owner_id: string }[]> {
    if (mediaIds.length === 0) return [];
    return db
      .selectFrom('media')
      .innerJoin('users as owner', 'owner.id', 'media.owner_id')
      .select(['media.id', 'media.owner_id'])
      .where('media.id', 'in', mediaIds)
      .where(mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' }))
      .execute();
  }

  return {
    account(id: string) {
      return db.selectFrom('users').select(['id', 'username', 'is_private']).where('id', '=', id).executeTakeFirst();
    },

    /** Whether the account is gone for everyone else: suspended by a moderator, or deactivated or being deleted by its person. */
    async gone(id: string): Promise<boolean> {
      return (await goneAmong([id])).size > 0;
    },

    /** Of these users, those gone for everyone else. */
    goneAmong,

    /** What binds the viewer and another account, in one round trip. */
    async relationship(viewerId: string | null, otherId: string): Promise<Relationship> {
      if (!viewerId || viewerId === otherId) return NO_RELATIONSHIP;
      const row = await db
        .selectNoFrom((eb) => [
          eb.exists(eb.selectFrom('follows').select('id').where('follower_id', '=', viewerId).where('followee_id', '=', otherId)).as('following'),
          eb.exists(eb.selectFrom('follows').select('id').where('follower_id', '=', otherId).where('followee_id', '=', viewerId)).as('followed_by'),
          eb.exists(eb.selectFrom('follow_requests').select('id').where('requester_id', '=', viewerId).where('target_id', '=', otherId)).as('requested'),
          eb.exists(eb.selectFrom('follow_requests').select('id').where('requester_id', '=', otherId).where('target_id', '=', viewerId)).as('has_requested_viewer'),
          eb.exists(eb.selectFrom('blocks').select('id').where('blocker_id', '=', viewerId).where('blocked_id', '=', otherId)).as('blocking'),
          eb.exists(eb.selectFrom('blocks').select('id').where('blocker_id', '=', otherId).where('blocked_id', '=', viewerId)).as('blocked_by'),
        ])
        .executeTakeFirstOrThrow();
      return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Boolean(v)])) as unknown as Relationship;
    },

    /** Of these users, those a block stands between and the viewer, either way. */
    async blockedAmong(viewerId: string, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((eb) => eb.or([
          eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', 'in', userIds)]),
          eb.and([eb('blocked_id', '=', viewerId), eb('blocker_id', 'in', userIds)]),
        ]))
        .execute();
      return new Set(rows.map((r) => (r.blocker_id === viewerId ? r.blocked_id : r.blocker_id)));
    },

    /** Every block between two of these users. */
    async blocksWithin(userIds: string[]): Promise<{ blocker_id: string; blocked_id: string }[]> {
      if (userIds.length < 2) return [];
      return db.selectFrom('blocks').select(['blocker_id', 'blocked_id']).where('blocker_id', 'in', userIds).where('blocked_id', 'in', userIds).execute();
    },

    /** Of these users, those who follow `userId`. */
    async followersAmong(userId: string, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('follows').select('follower_id').where('followee_id', '=', userId).where('follower_id', 'in', userIds).execute();
      return new Set(rows.map((r) => r.follower_id));
    },

    /**
     * The viewer's member row of a direct thread (the direct area owns the table; this is the one
     * read of it from outside), with whether a block parts the two people of a one-to-one thread.
     */
    threadMember(viewerId: string, threadId: string): Promise<ThreadMemberRow | undefined> {
      return db
        .selectFrom('direct_members as m')
        .innerJoin('direct_threads as t', 't.id', 'm.thread_id')
        .select(['m.state', 'm.is_admin', 't.is_group'])
        .select(sql<boolean>`(not t.is_group and exists (select 1 from direct_members o where o.thread_id = t.id and o.user_id <> ${viewerId}
          and not ${notBlockedSql(viewerId, sql.ref('o.user_id'))}))`.as('blocked'))
        .where('m.thread_id', '=', threadId)
        .where('m.user_id', '=', viewerId)
        .executeTakeFirst();
    },

    /** Of these posts, those the viewer may see. */
    async visibleMedia(viewerId: string | null, mediaIds: string[]): Promise<Set<string>> {
      return new Set((await visibleMediaOwners(viewerId, mediaIds)).map((r) => r.id));
    },

    /** The same, with each visible post's owner. */
    visibleMediaOwners,
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
