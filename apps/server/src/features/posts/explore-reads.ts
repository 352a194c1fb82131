import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { mediaVisibleSql } from '../access/sql.js';

/** A recent public post as explore ranks it: its counters, its age and its hashtags. */
export interface ExploreCandidateRow {
  id: string;
  owner_id: string;
  like_count: number;
  comment_count: number;
  created_at: Date;
  tags: string[];
}

/**
 * What explore reads of the posts area's tables (posts, their hashtags, likes and saves), in one
 * place, so that the tables keep one owner.
 */
export function createExploreReads(db: Db) {
  return {
    /**
     * The newest `window` ready posts of public accounts with their hashtags: the candidates of a
     * ranking. Newest first by the primary key, so its cost is bounded by the window.
     */
    async recentPublicPosts(window: number): Promise<ExploreCandidateRow[]> {
      const rows = await sql<ExploreCandidateRow>`
        select m.id, m.owner_id, m.like_count, m.comment_count, m.created_at,
          coalesce((select array_agg(h.tag order by h.tag) from media_hashtags h where h.media_id = m.id), '{}'::text[]) as tags
        from (
          select media.id, media.owner_id, media.like_count, media.comment_count, media.created_at
          from media join users owner on owner.id = media.owner_id
          where ${mediaVisibleSql(null)}
          order by media.id desc limit ${window}
        ) m`.execute(db);
      return rows.rows.map((r) => ({ ...r, id: String(r.id), owner_id: String(r.owner_id), created_at: new Date(r.created_at), tags: r.tags ?? [] }));
    },

    /** The hashtags of the posts the viewer liked or saved lately (the newest `limit` of each), with how often. */
    async tagsEngagedBy(viewerId: string, limit: number): Promise<Map<string, number>> {
      const rows = await sql<{ tag: string; n: number }>`
        select h.tag, count(*)::int as n from (
          (select media_id from likes where user_id = ${viewerId} order by id desc limit ${limit})
          union
          (select media_id from saves where user_id = ${viewerId} order by id desc limit ${limit})
        ) e join media_hashtags h on h.media_id = e.media_id
        group by h.tag`.execute(db);
      return new Map(rows.rows.map((r) => [r.tag, Number(r.n)]));
    },

    /** One post's hashtags. */
    async tagsOf(mediaId: string): Promise<string[]> {
      const rows = await db.selectFrom('media_hashtags').select('tag').where('media_id', '=', mediaId).execute();
      return rows.map((r) => r.tag);
    },
  };
}
export type ExploreReads = ReturnType<typeof createExploreReads>;
