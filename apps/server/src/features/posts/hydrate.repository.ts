import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inSql } from '../../db/table-ref.js';
import { userSummaryColumns, usersAs } from '../accounts/repository.js';
import { followsAs } from '../friendships/repository.js';

/** What hydration reads for one viewer of a page of posts, each in one statement for the page. */
export function createHydrateReads(db: Db) {
  return {
    /** What the viewer did to each of these posts: a row per like and per save. */
    viewerMarks(ids: string[], viewerId: string) {
      return db.selectFrom('likes').select(['media_id', sql.lit('like').as('kind')]).where('user_id', '=', viewerId).where('media_id', 'in', ids)
        .unionAll(db.selectFrom('saves').select(['media_id', sql.lit('save').as('kind')]).where('user_id', '=', viewerId).where('media_id', 'in', ids))
        .execute();
    },

    /** Up to `perPost` of the newest likers of each post whom the viewer follows, the viewer aside. */
    followedLikers(ids: string[], viewerId: string, perPost: number) {
      return db
        .selectFrom(usersAs('users'))
        .innerJoin(
          sql<{ media_id: string; user_id: string; like_id: string }>`(select m.id as media_id, l.user_id, l.id as like_id
            from unnest(${sql.val(ids)}::bigint[]) m(id)
            cross join lateral (select l.user_id, l.id from likes l
              join ${inSql(followsAs('f'))} on f.followee_id = l.user_id and f.follower_id = ${viewerId}
              where l.media_id = m.id and l.user_id <> ${viewerId} order by l.id desc limit ${perPost}) l)`.as('ctx'),
          (j) => j.onRef('ctx.user_id', '=', 'users.id'),
        )
        .select(['ctx.media_id', ...userSummaryColumns('users')])
        .orderBy('ctx.like_id', 'desc')
        .execute();
    },
  };
}
