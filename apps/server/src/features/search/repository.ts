import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The reads of search: people by username or name prefix, hashtags by prefix and post count. */
export function createSearchRepository(db: Db) {
  return {
    usersByPrefix(q: string, limit: number) {
      const like = `${escapeLike(q)}%`;
      return db
        .selectFrom('users')
        .select(['id', 'username', 'full_name', 'profile_pic_key', 'is_private', 'is_verified'])
        .where((eb) => eb.or([eb('username_lower', 'like', like), eb(sql`lower(full_name)`, 'like', like)]))
        .orderBy(sql`username_lower = ${q}`, 'desc')
        .orderBy('username_lower')
        .limit(limit)
        .execute();
    },

    hashtagsByPrefix(q: string, limit: number) {
      return db
        .selectFrom('media_hashtags')
        .select(['tag', (eb) => eb.fn.countAll<string>().as('n')])
        .where('tag', 'like', `${escapeLike(q)}%`)
        .groupBy('tag')
        .orderBy('n', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
