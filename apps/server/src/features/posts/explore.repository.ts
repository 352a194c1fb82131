import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { mediaVisibleSql } from '../access/sql.js';
import { usersAs } from '../accounts/repository.js';

/** A recent public post as explore ranks it: its counters and its age. */
export interface ExplorePostRow {
  id: string;
  owner_id: string;
  like_count: number;
  comment_count: number;
  created_at: Date;
}

/** What explore reads of the posts area's tables (posts, likes and saves), in one place, so that the tables keep one owner. */
export function createPostExploreReads(db: Db) {
  return {
    /**
     * The newest `window` ready posts of public accounts: the candidates of a ranking. Newest
     * first by the primary key, so its cost is bounded by the window.
     */
    async recentPublicPosts(window: number): Promise<ExplorePostRow[]> {
      const rows = await db
        .selectFrom('media')
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
        .select(['media.id', 'media.owner_id', 'media.like_count', 'media.comment_count', 'media.created_at'])
        .where(mediaVisibleSql(null, { media: 'media', owner: 'owner' }))
        .orderBy('media.id', 'desc')
        .limit(window)
        .execute();
      return rows.map((r) => ({ ...r, id: String(r.id), owner_id: String(r.owner_id), created_at: new Date(r.created_at) }));
    },

    /** The posts the viewer liked or saved lately: the newest `limit` of each. */
    async recentlyEngaged(viewerId: string, limit: number): Promise<string[]> {
      const { rows } = await sql<{ media_id: string }>`
        (select media_id from likes where user_id = ${viewerId} order by id desc limit ${limit})
        union
        (select media_id from saves where user_id = ${viewerId} order by id desc limit ${limit})`.execute(db);
      return rows.map((r) => String(r.media_id));
    },
  };
}
