import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inSql } from '../../db/table-ref.js';
import { createAccountsRepository } from '../accounts/repository.js';
import { followsAs, followsSql } from '../friendships/repository.js';
import { mediaAs } from '../posts/repository.js';

export interface TimelineState {
  read_at: Date;
  floor_id: string | null;
}

/** The stored timeline's page below `before`, merged with the followed stars' posts (see `page`). */
const pageSql = (viewerId: string, limit: number, before: string) => sql<{ id: string }>`
  select id from (
    (select media_id as id from timelines where viewer_id = ${viewerId} and media_id < ${before} order by media_id desc limit ${limit})
    union
    (select m.id from timeline_stars s
      cross join lateral (select media.id from ${inSql(mediaAs('media'))} where media.owner_id = s.user_id and media.id < ${before} order by media.id desc limit ${limit}) m
      where ${followsSql(viewerId, sql.ref('s.user_id'))})
  ) page order by id desc limit ${limit}`;

/**
 * The stored home timelines (fan-out on write) and the accounts merged in at read time. A stored
 * timeline is complete above its `floor_id`; below it the feed reads the follow graph.
 */
export function createTimelineRepository(db: Db) {
  const accounts = createAccountsRepository(db);
  return {
    /** Replaces a viewer's timeline with these posts, newest first; `floorId` is the first one left out, if any. */
    async replace(viewerId: string, mediaIds: string[], floorId: string | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('timelines').where('viewer_id', '=', viewerId).execute();
        if (mediaIds.length > 0) {
          await sql`insert into timelines (viewer_id, media_id, owner_id)
            select ${viewerId}, m.id, m.owner_id from ${inSql(mediaAs('m'))} where m.id = any(${sql.val(mediaIds)}::bigint[])
            on conflict do nothing`.execute(trx);
        }
        await trx
          .insertInto('timeline_state')
          .values({ viewer_id: viewerId, read_at: new Date(), floor_id: floorId })
          .onConflict((oc) => oc.column('viewer_id').doUpdateSet({ read_at: new Date(), floor_id: floorId }))
          .execute();
      });
    },

    /** Marks the timeline read now and keeps only its newest `cap` entries. */
    async touch(viewerId: string, cap: number): Promise<string | null> {
      const rows = await sql<{ floor_id: string | null }>`with cut as (
          select media_id from timelines where viewer_id = ${viewerId} order by media_id desc offset ${cap} limit 1
        ), gone as (
          delete from timelines where viewer_id = ${viewerId} and media_id <= (select media_id from cut)
        )
        update timeline_state set read_at = now(),
          floor_id = case when (select media_id from cut) is null then floor_id else greatest(floor_id, (select media_id from cut)) end
        where viewer_id = ${viewerId}
        returning floor_id`.execute(db);
      const floor = rows.rows[0]?.floor_id;
      return floor === null || floor === undefined ? null : String(floor);
    },

    /**
     * One page of the stored timeline, newest first below `before`, merged with the posts of the
     * followed accounts that are read at read time. One range scan of the timeline, one per star.
     */
    async page(viewerId: string, limit: number, before: string): Promise<string[]> {
      const rows = await sql<{ id: string }>`${pageSql(viewerId, limit, before)}`.execute(db);
      return rows.rows.map((r) => String(r.id));
    },

    /** The timeline's state and the page it most likely serves, in one round trip. */
    async stateAndPage(viewerId: string, limit: number, before: string): Promise<{ state: TimelineState | undefined; ids: string[] }> {
      const rows = await sql<{ read_at: string | Date | null; floor_id: string | null; ids: string[] }>`
        select s.read_at, s.floor_id::text as floor_id, array(select id::text from (${pageSql(viewerId, limit, before)}) p order by id desc) as ids
        from (select 1) one left join timeline_state s on s.viewer_id = ${viewerId}`.execute(db);
      const row = rows.rows[0]!;
      const state = row.read_at === null ? undefined : { read_at: new Date(row.read_at), floor_id: row.floor_id };
      return { state, ids: row.ids.map(String) };
    },

    /** The post in its owner's own timeline (the owner sees a post while it is still processing). */
    async addOwn(mediaId: string, ownerId: string): Promise<void> {
      await db.insertInto('timelines').values({ viewer_id: ownerId, media_id: mediaId, owner_id: ownerId }).onConflict((oc) => oc.doNothing()).execute();
    },

    /**
     * Writes a post into the timelines of one batch of the owner's followers (by follow id, newest
     * first, below `afterFollowId`) who read their feed since `activeSince`. Answers the batch's last
     * follow id, or null when the batch was the last.
     */
    async fanOutBatch(mediaId: string, ownerId: string, activeSince: Date, batch: number, afterFollowId: string | null): Promise<string | null> {
      const rows = await sql<{ last: string | null; n: string }>`
        with batch as (
          select f.follower_id, f.id from ${inSql(followsAs('f'))}
          where f.followee_id = ${ownerId} and f.id < ${afterFollowId ?? '9223372036854775807'}
          order by f.id desc limit ${batch}
        ), written as (
          insert into timelines (viewer_id, media_id, owner_id)
          select b.follower_id, ${mediaId}, ${ownerId} from batch b
          join timeline_state s on s.viewer_id = b.follower_id and s.read_at > ${activeSince}
          on conflict do nothing
        )
        select min(id) as last, count(*) as n from batch`.execute(db);
      const row = rows.rows[0];
      return row && Number(row.n) === batch ? String(row.last) : null;
    },

    followerCount: (userId: string): Promise<number> => accounts.followCount(userId, 'followers'),

    isStar(userId: string): Promise<boolean> {
      return db.selectFrom('timeline_stars').select('user_id').where('user_id', '=', userId).executeTakeFirst().then(Boolean);
    },

    async addStar(userId: string): Promise<void> {
      await db.insertInto('timeline_stars').values({ user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
    },

    /**
     * A new follow: the followee's newest posts into the follower's timeline, above its floor. When
     * the followee has more than `cap` of them, the floor rises to the first one left out, so the
     * timeline stays complete above it.
     */
    async backfill(followerId: string, followeeId: string, cap: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`update timeline_state s set floor_id = greatest(coalesce(s.floor_id, 0), x.id)
          from (select media.id from ${inSql(mediaAs('media'))}, timeline_state t
            where t.viewer_id = ${followerId} and media.owner_id = ${followeeId} and media.id > coalesce(t.floor_id, 0)
            order by media.id desc offset ${cap} limit 1) x
          where s.viewer_id = ${followerId}`.execute(trx);
        await sql`insert into timelines (viewer_id, media_id, owner_id)
          select s.viewer_id, m.id, m.owner_id from timeline_state s
          cross join lateral (select media.id, media.owner_id from ${inSql(mediaAs('media'))}
            where media.owner_id = ${followeeId} and media.id > coalesce(s.floor_id, 0) order by media.id desc limit ${cap}) m
          where s.viewer_id = ${followerId}
          on conflict do nothing`.execute(trx);
      });
    },

    /** One owner's posts out of one viewer's timeline (an unfollow, a block). */
    async remove(viewerId: string, ownerId: string): Promise<void> {
      await db.deleteFrom('timelines').where('viewer_id', '=', viewerId).where('owner_id', '=', ownerId).execute();
    },
  };
}
export type TimelineRepository = ReturnType<typeof createTimelineRepository>;
