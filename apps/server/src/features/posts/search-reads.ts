import type { Db } from '../../db/database.js';
import type { HashtagHit, RecentSources, SearchSources } from '../search/sources.js';

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Hashtags as search reads them, from the posts that carry them: a tag of at least one post, counted by its posts. */
export function createPostSearchReads(db: Db): Pick<SearchSources, 'hashtags'> & Pick<RecentSources, 'hashtagsByName'> {
  const tagCounts = () => db.selectFrom('media_hashtags').select(['tag', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('tag');
  const toHashtag = (r: { tag: string; n: string | number }): HashtagHit => ({ id: r.tag, name: r.tag, media_count: Number(r.n) });

  return {
    async hashtags(query, limit) {
      const q = query.trim().toLowerCase().replace(/^#/, '');
      const rows = await tagCounts().where('tag', 'like', `${escapeLike(q)}%`).orderBy('n', 'desc').orderBy('tag').limit(limit).execute();
      return rows.map(toHashtag);
    },

    async hashtagsByName(names) {
      if (names.length === 0) return [];
      return (await tagCounts().where('tag', 'in', names).execute()).map(toHashtag);
    },
  };
}
