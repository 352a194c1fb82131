import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { mediaVisibleSql } from '../access/sql.js';
import { usersAs } from '../accounts/repository.js';
import { mediaAs } from '../posts/repository.js';

/** Top posts of a place are picked among this many of its newest. */
const TOP_POSTS_POOL = 500;

/** The posts taken at a place that a viewer may see. */
export function createPlacePostsRepository(db: Db) {
  return {
    /** Posts at a place the viewer may see, newest first. */
    async locationIds(locationId: string, viewerId: string | null, first: number, beforeId: string | null): Promise<string[]> {
      let q = db
        .selectFrom(mediaAs('media'))
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
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
        .selectFrom(mediaAs('media'))
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
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
  };
}
export type PlacePostsRepository = ReturnType<typeof createPlacePostsRepository>;
