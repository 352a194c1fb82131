import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { HashtagHit, PlaceHit, RecentSources, SearchSources } from '../search/sources.js';

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Hashtags and places as search reads them, from the posts that carry them: a hashtag is a tag of
 * at least one post, counted by its posts; a place is a post's location, matched by a folded
 * prefix of its name or of a word of it.
 */
export function createPostSearchReads(db: Db): SearchSources & RecentSources {
  const tagCounts = () => db.selectFrom('media_hashtags').select(['tag', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('tag');
  const toHashtag = (r: { tag: string; n: string | number }): HashtagHit => ({ id: r.tag, name: r.tag, media_count: Number(r.n) });

  const placeRows = () =>
    db.selectFrom('locations as l').select(['l.id', 'l.name', 'l.slug', sql<string>`(select count(*) from media m where m.location_id = l.id and m.status = 'ready')`.as('n')]);
  const toPlace = (r: { id: string; name: string; slug: string; n: string | number }): PlaceHit => ({
    id: r.id, name: r.name, slug: r.slug, city: null, country: null, lat: null, lng: null, media_count: Number(r.n),
  });

  return {
    async hashtags(query, limit) {
      const q = query.trim().toLowerCase().replace(/^#/, '');
      const rows = await tagCounts().where('tag', 'like', `${escapeLike(q)}%`).orderBy('n', 'desc').orderBy('tag').limit(limit).execute();
      return rows.map(toHashtag);
    },

    // Places carry no coordinates yet, so `near` does not reorder them.
    async places(query, _near, limit) {
      const q = query.trim();
      if (!q) return [];
      const p = sql`fold_text(${`${escapeLike(q)}%`})`;
      const rows = await placeRows()
        .where(sql<boolean>`fold_text(l.name) like ${p} or fold_text(l.name) like '% ' || ${p}`)
        .orderBy(sql`fold_text(l.name) like ${p}`, 'desc').orderBy('n', 'desc').orderBy('l.name').limit(limit).execute();
      return rows.map(toPlace);
    },

    async hashtagsByName(names) {
      if (names.length === 0) return [];
      return (await tagCounts().where('tag', 'in', names).execute()).map(toHashtag);
    },

    async placesById(ids) {
      if (ids.length === 0) return [];
      return (await placeRows().where('l.id', 'in', ids).execute()).map(toPlace);
    },
  };
}
