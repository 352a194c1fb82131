import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { USER_SUMMARY_COLUMNS, viewerRelationColumns } from '../../db/user-columns.js';
import { mediaVisibleSql } from '../access/sql.js';

/** Past this many follows the feed walks all posts instead of fanning in (measured in bench/). */
export const FAN_IN_MAX_FOLLOWS = 300;
/** Top posts of a place are picked among this many of its newest. */
const TOP_POSTS_POOL = 500;

/**
 * The home feed's skeleton: ids of the posts of everyone the viewer follows and the viewer's own,
 * newest first, keyset on the id (ids sort by time). Hydration comes after, in batches.
 */
export function createFeedRepository(db: Db) {
  return {
    /**
     * The home feed read from the follow graph (timelines are rebuilt from it, and pages below a
     * timeline's floor come from it), in one of two plans by how many accounts the viewer follows.
     * Posts still processing are kept: they are written ahead like any other, and the access rules
     * show them to their owner alone until they are ready.
     * Few: fan-in on read, each followed account's newest posts below the cursor by the
     * (owner_id, id desc) index, one page each, then the newest page of those. Many: walk all posts
     * newest first by the id index and keep the followed ones, which finds a page within a few rows.
     * Either costs the same at any page depth (keyset on the id).
     */
    async timelineIds(viewerId: string, first: number, beforeId: string | null): Promise<string[]> {
      const before = beforeId ?? '9223372036854775807';
      const viewer = await db.selectFrom('users').select('following_count').where('id', '=', viewerId).executeTakeFirst();
      if ((viewer?.following_count ?? 0) > FAN_IN_MAX_FOLLOWS) {
        const rows = await db
          .selectFrom('media')
          .select('media.id')
          .where('media.id', '<', before)
          .where((eb) => eb.or([
            eb('media.owner_id', '=', viewerId),
            eb('media.owner_id', 'in', eb.selectFrom('follows').select('followee_id').where('follower_id', '=', viewerId)),
          ]))
          .orderBy('media.id', 'desc')
          .limit(first + 1)
          .execute();
        return rows.map((r) => r.id);
      }
      const rows = await sql<{ id: string }>`
        select m.id from (
          select followee_id as owner_id from follows where follower_id = ${viewerId}
          union all select ${viewerId}::bigint
        ) f
        cross join lateral (
          select media.id from media
          where media.owner_id = f.owner_id and media.id < ${before}
          order by media.id desc limit ${first + 1}
        ) m
        order by m.id desc limit ${first + 1}`.execute(db);
      return rows.rows.map((r) => r.id);
    },

    /** One owner's posts (profile grid), newest first; processing ones only for the owner. */
    async ownerIds(ownerId: string, viewerId: string | null, first: number, beforeId: string | null): Promise<string[]> {
      let q = db.selectFrom('media').select('id').where('owner_id', '=', ownerId);
      if (viewerId !== ownerId) q = q.where('status', '=', 'ready');
      if (beforeId) q = q.where('id', '<', beforeId);
      const rows = await q.orderBy('id', 'desc').limit(first + 1).execute();
      return rows.map((r) => r.id);
    },

    countOwner(ownerId: string, viewerId: string | null) {
      let q = db.selectFrom('media').select((eb) => eb.fn.countAll<string>().as('n')).where('owner_id', '=', ownerId);
      if (viewerId !== ownerId) q = q.where('status', '=', 'ready');
      return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    /** Who liked a post, newest first, with whether the viewer follows each. */
    likers(mediaId: string, viewerId: string | null, first: number, beforeLikeId: string | null) {
      let q = db
        .selectFrom('likes')
        .innerJoin('users', 'users.id', 'likes.user_id')
        .select(['likes.id as like_id', ...USER_SUMMARY_COLUMNS])
        .select(viewerRelationColumns(viewerId))
        .where('likes.media_id', '=', mediaId);
      if (beforeLikeId) q = q.where('likes.id', '<', beforeLikeId);
      return q.orderBy('likes.id', 'desc').limit(first + 1).execute();
    },

    /** Posts at a place the viewer may see, newest first. */
    async locationIds(locationId: string, viewerId: string | null, first: number, beforeId: string | null): Promise<string[]> {
      let q = db
        .selectFrom('media')
        .innerJoin('users as owner', 'owner.id', 'media.owner_id')
        .select('media.id')
        .where('media.location_id', '=', locationId)
        .where(mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' }));
      if (beforeId) q = q.where('media.id', '<', beforeId);
      const rows = await q.orderBy('media.id', 'desc').limit(first + 1).execute();
      return rows.map((r) => r.id);
    },

    /**
     * A place's top posts the viewer may see: the most liked and commented among its newest
     * TOP_POSTS_POOL, so the cost stays bounded however many posts the place has.
     */
    async locationTopIds(locationId: string, viewerId: string | null, first: number): Promise<string[]> {
      const newest = db
        .selectFrom('media')
        .innerJoin('users as owner', 'owner.id', 'media.owner_id')
        .select(['media.id', 'media.like_count', 'media.comment_count'])
        .where('media.location_id', '=', locationId)
        .where(mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' }))
        .orderBy('media.id', 'desc')
        .limit(TOP_POSTS_POOL);
      const rows = await db
        .selectFrom(newest.as('m'))
        .select('m.id')
        .orderBy(sql`m.like_count + 2 * m.comment_count`, 'desc')
        .orderBy('m.id', 'desc')
        .limit(first)
        .execute();
      return rows.map((r) => r.id);
    },

    async followCounts(userId: string): Promise<{ followers: number; following: number }> {
      const row = await db.selectFrom('users').select(['follower_count', 'following_count']).where('id', '=', userId).executeTakeFirst();
      return { followers: row?.follower_count ?? 0, following: row?.following_count ?? 0 };
    },
  };
}
export type FeedRepository = ReturnType<typeof createFeedRepository>;
