import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inSql } from '../../db/table-ref.js';
import { usersAs } from '../accounts/repository.js';
import { followsAs } from '../friendships/repository.js';
import { mediaAs } from '../posts/repository.js';

/** Past this many follows the feed walks all posts instead of fanning in (measured in bench/). */
export const FAN_IN_MAX_FOLLOWS = 300;

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
      const viewer = await db.selectFrom(usersAs('users')).select('following_count').where('id', '=', viewerId).executeTakeFirst();
      if ((viewer?.following_count ?? 0) > FAN_IN_MAX_FOLLOWS) {
        const rows = await db
          .selectFrom(mediaAs('media'))
          .select('media.id')
          .where('media.id', '<', before)
          .where((eb) => eb.or([
            eb('media.owner_id', '=', viewerId),
            eb('media.owner_id', 'in', eb.selectFrom(followsAs('follows')).select('followee_id').where('follower_id', '=', viewerId)),
          ]))
          .orderBy('media.id', 'desc')
          .limit(first + 1)
          .execute();
        return rows.map((r) => r.id);
      }
      const rows = await sql<{ id: string }>`
        select m.id from (
          select followee_id as owner_id from ${inSql(followsAs('follows'))} where follower_id = ${viewerId}
          union all select ${viewerId}::bigint
        ) f
        cross join lateral (
          select media.id from ${inSql(mediaAs('media'))}
          where media.owner_id = f.owner_id and media.id < ${before}
          order by media.id desc limit ${first + 1}
        ) m
        order by m.id desc limit ${first + 1}`.execute(db);
      return rows.rows.map((r) => r.id);
    },
  };
}
export type FeedRepository = ReturnType<typeof createFeedRepository>;
