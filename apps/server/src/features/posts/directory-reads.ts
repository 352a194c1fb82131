import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The one read of hashtag names the hashtags directory makes: the hashtags that have posts, in
 * byte order (`~<~`, served by `media_hashtags_tag_idx`, a text_pattern_ops index), after `after`
 * and before `before`. Point it at a table of hashtags when there is one.
 */
export function createHashtagDirectoryReads(db: Db) {
  return {
    async hashtagNames(after: string | null, before: string | null, limit: number, inclusive = false): Promise<string[]> {
      const { rows } = await sql<{ tag: string }>`
        select tag from media_hashtags
        where true
          ${after === null ? sql`` : inclusive ? sql`and tag ~>=~ ${after}` : sql`and tag ~>~ ${after}`}
          ${before === null ? sql`` : sql`and tag ~<~ ${before}`}
        group by tag
        order by tag using ~<~ limit ${limit}`.execute(db);
      return rows.map((r) => r.tag);
    },
  };
}
export type HashtagDirectoryReads = ReturnType<typeof createHashtagDirectoryReads>;
