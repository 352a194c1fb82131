import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { inSql } from '../../db/table-ref.js';
import { mediaVisibleSql, ownersBeyondPublicSql } from '../access/sql.js';
import { usersAs } from '../accounts/repository.js';
import { followsSql } from '../friendships/repository.js';
import { mediaAs } from '../posts/tables.repository.js';

/** How many of a tag's newest visible posts compete for its top posts (bounded work per page). */
export const TOP_POOL = 300;
/** How many of a tag's newest public posts its related tags are counted from. */
export const RELATED_POOL = 200;
/**
 * Up to this many posts outside a tag's public count, a viewer's share of them is read from the
 * tag's own rows; above it, from the viewer's and their follows' rows of the tag (one index probe
 * per account), so the cost is the smaller of the two.
 */
const HIDDEN_SCAN_MAX = 500;

/**
 * A post's engagement with time decay: likes and comments (a comment counts twice), lowered as
 * the post ages (hours, to the power 1.5), so a tag's top posts turn over. Needs `media` in scope.
 */
const scoreSql = sql<number>`((media.like_count + 2 * media.comment_count + 1) / power(extract(epoch from (now() - media.created_at)) / 3600 + 2, 1.5))`;

export interface HashtagRow {
  id: string;
  name: string;
  /** Every post with the tag, whoever may see it. */
  media_count: number;
  /** The posts with the tag that anyone may see. */
  public_media_count: number;
  is_sensitive: boolean;
}

/**
 * Every statement on `hashtags`, `hashtag_follows`, `hashtag_advisory_acks` and `media_hashtags`.
 * The post's tags are written inside the posts feature's transaction (`postTagWriter` in post-tags.repository.ts), so a post
 * and the counts of its tags commit together.
 */
export function createHashtagsRepository(db: Db) {
  return {
    /** The tag with the viewer's state: following it, and whether they acknowledged its advisory. */
    async find(name: string, viewerId: string | null): Promise<(HashtagRow & { following: boolean; acknowledged: boolean }) | undefined> {
      const row = await db
        .selectFrom('hashtags as h')
        .select(['h.id', 'h.name', 'h.media_count', 'h.public_media_count', 'h.is_sensitive'])
        .select(viewerId
          ? [
            sql<boolean>`exists (select 1 from hashtag_follows f where f.user_id = ${viewerId} and f.hashtag_id = h.id)`.as('following'),
            sql<boolean>`exists (select 1 from hashtag_advisory_acks a where a.user_id = ${viewerId} and a.hashtag_id = h.id)`.as('acknowledged'),
          ]
          : [sql<boolean>`false`.as('following'), sql<boolean>`false`.as('acknowledged')])
        .where('h.name', '=', name)
        .executeTakeFirst();
      return row && { ...row, id: String(row.id) };
    },

    /**
     * How many of the tag's `hidden` posts outside its public count the viewer may see (their own,
     * their private follows'), from the index of those rows alone (`media_hashtags_hidden_idx`).
     */
    async hiddenCountFor(tag: string, viewerId: string, hidden: number): Promise<number> {
      const visible = sql`exists (select 1 from ${inSql(mediaAs('media'))} join ${inSql(usersAs('owner'))} on owner.id = media.owner_id
        where media.id = mh.media_id and ${mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' })})`;
      const { rows } = hidden <= HIDDEN_SCAN_MAX
        ? await sql<{ n: number }>`select count(*)::int as n from (
            select media_id from media_hashtags where tag = ${tag} and not is_public limit ${HIDDEN_SCAN_MAX}
          ) mh where ${visible}`.execute(db)
        : await sql<{ n: number }>`select count(*)::int as n from media_hashtags mh
            where mh.tag = ${tag} and not mh.is_public and mh.owner_id = any(${ownersBeyondPublicSql(viewerId)}) and ${visible}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Posts with the tag that the viewer may see, newest first below `beforeId`. */
    async recentIds(tag: string, viewerId: string | null, first: number, beforeId: string | null): Promise<string[]> {
      let q = db
        .selectFrom('media_hashtags')
        .innerJoin(mediaAs('media'), 'media.id', 'media_hashtags.media_id')
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
        .select('media.id')
        .where('media_hashtags.tag', '=', tag)
        .where(mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' }));
      if (beforeId) q = q.where('media_hashtags.media_id', '<', beforeId);
      const rows = await q.orderBy('media_hashtags.media_id', 'desc').limit(first + 1).execute();
      return rows.map((r) => String(r.id));
    },

    /** The tag's top posts for the viewer: the best scored of its newest visible posts. */
    async topIds(tag: string, viewerId: string | null, limit: number): Promise<string[]> {
      const rows = await sql<{ id: string }>`select id from (
          select media.id, ${scoreSql} as score from media_hashtags
          join ${inSql(mediaAs('media'))} on media.id = media_hashtags.media_id
          join ${inSql(usersAs('owner'))} on owner.id = media.owner_id
          where media_hashtags.tag = ${tag} and ${mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' })}
          order by media_hashtags.media_id desc limit ${TOP_POOL}
        ) pool order by score desc, id desc limit ${limit}`.execute(db);
      return rows.rows.map((r) => String(r.id));
    },

    /** Tags that appear most often beside this one on its newest public posts. */
    async related(tag: string, limit: number): Promise<{ name: string }[]> {
      const rows = await sql<{ name: string }>`select other.tag as name from (
          select media_hashtags.media_id from media_hashtags
          join ${inSql(mediaAs('media'))} on media.id = media_hashtags.media_id
          join ${inSql(usersAs('owner'))} on owner.id = media.owner_id
          where media_hashtags.tag = ${tag} and ${mediaVisibleSql(null, { media: 'media', owner: 'owner' })}
          order by media_hashtags.media_id desc limit ${RELATED_POOL}
        ) pool join media_hashtags other on other.media_id = pool.media_id and other.tag <> ${tag}
        group by other.tag order by count(*) desc, other.tag limit ${limit}`.execute(db);
      return rows.rows;
    },

    /** Idempotent: answers whether the follow is new. */
    async follow(userId: string, hashtagId: string): Promise<boolean> {
      const res = await db.insertInto('hashtag_follows').values({ user_id: userId, hashtag_id: hashtagId }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async unfollow(userId: string, hashtagId: string): Promise<void> {
      await db.deleteFrom('hashtag_follows').where('user_id', '=', userId).where('hashtag_id', '=', hashtagId).execute();
    },

    async acknowledge(userId: string, hashtagId: string): Promise<void> {
      await db.insertInto('hashtag_advisory_acks').values({ user_id: userId, hashtag_id: hashtagId }).onConflict((oc) => oc.doNothing()).execute();
    },

    /**
     * The hashtags a user follows, newest follow first (keyset on the follow's time and the tag's
     * id), each with its best scored post among its newest ones the viewer may see (its picture).
     */
    async followed(userId: string, viewerId: string | null, first: number, before: { at: string; id: string } | null) {
      const rows = await sql<{ id: string; name: string; media_count: number; followed_at: Date; cover_id: string | null }>`
        select h.id::text as id, h.name, h.public_media_count as media_count, f.created_at as followed_at, cover.id::text as cover_id
        from hashtag_follows f
        join hashtags h on h.id = f.hashtag_id
        left join lateral (
          select id from (
            select media.id, ${scoreSql} as score from media_hashtags
            join ${inSql(mediaAs('media'))} on media.id = media_hashtags.media_id
            join ${inSql(usersAs('owner'))} on owner.id = media.owner_id
            where media_hashtags.tag = h.name and ${mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' })}
            order by media_hashtags.media_id desc limit 20
          ) pool order by score desc, id desc limit 1
        ) cover on true
        where f.user_id = ${userId}
          ${before ? sql`and (f.created_at, f.hashtag_id) < (${before.at}::timestamptz, ${before.id}::bigint)` : sql``}
        order by f.created_at desc, f.hashtag_id desc
        limit ${first + 1}`.execute(db);
      return rows.rows.map((r) => ({ ...r, followed_at: new Date(r.followed_at) }));
    },

    countFollowed(userId: string): Promise<number> {
      return db.selectFrom('hashtag_follows').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId)
        .executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    /**
     * For a page of the home feed between two ids (newer than `afterId`, older than `beforeId`):
     * posts of hashtags the viewer follows, by accounts the viewer neither is nor follows, that the
     * viewer may see, best scored first, each with the followed tag it came through. A few of each
     * followed tag's newest posts in the range compete, so the cost stays bounded.
     */
    async fromFollowedTags(viewerId: string, beforeId: string, afterId: string, limit: number): Promise<{ id: string; tag: string }[]> {
      const rows = await sql<{ id: string; tag: string }>`
        select id::text as id, tag from (
          select m.id, m.tag, m.score from (
            select h.name from hashtag_follows f join hashtags h on h.id = f.hashtag_id
            where f.user_id = ${viewerId} order by f.created_at desc limit 50
          ) followed
          cross join lateral (
            select media.id, media_hashtags.tag, ${scoreSql} as score from media_hashtags
            join ${inSql(mediaAs('media'))} on media.id = media_hashtags.media_id
            join ${inSql(usersAs('owner'))} on owner.id = media.owner_id
            where media_hashtags.tag = followed.name
              and media_hashtags.media_id < ${beforeId} and media_hashtags.media_id > ${afterId}
              and media.owner_id <> ${viewerId}
              and not ${followsSql(viewerId, sql.ref('media.owner_id'))}
              and ${mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' })}
            order by media_hashtags.media_id desc limit 20
          ) m
        ) candidates
        order by score desc, id desc limit ${limit * 4}`.execute(db);
      const seen = new Set<string>();
      const out: { id: string; tag: string }[] = [];
      for (const r of rows.rows) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        out.push(r);
        if (out.length === limit) break;
      }
      return out;
    },

    /** The tags of each of these posts (explore clusters posts by them). */
    async tagsOfMany(mediaIds: readonly string[]): Promise<Map<string, string[]>> {
      const tags = new Map<string, string[]>();
      if (mediaIds.length === 0) return tags;
      const { rows } = await sql<{ media_id: string; tag: string }>`
        select media_id, tag from media_hashtags where media_id = any(${sql.val([...mediaIds])}::bigint[]) order by media_id, tag`.execute(db);
      for (const r of rows) {
        const id = String(r.media_id);
        tags.set(id, [...(tags.get(id) ?? []), r.tag]);
      }
      return tags;
    },

    /** How many of these posts carry each tag. */
    async tagCounts(mediaIds: readonly string[]): Promise<Map<string, number>> {
      if (mediaIds.length === 0) return new Map();
      const { rows } = await sql<{ tag: string; n: number }>`
        select tag, count(*)::int as n from media_hashtags where media_id = any(${sql.val([...mediaIds])}::bigint[]) group by tag`.execute(db);
      return new Map(rows.map((r) => [r.tag, Number(r.n)]));
    },

    /** These tags as search lists them (recent searches); a tag without public posts is left out. */
    byNames(names: string[]) {
      if (names.length === 0) return Promise.resolve([]);
      return db.selectFrom('hashtags').select(['id', 'name', 'public_media_count as media_count']).where('name', 'in', names).where('public_media_count', '>', 0).execute();
    },

    /**
     * Names of the tags with public posts in byte order (`~<~`, served by `hashtags_directory_idx`), after
     * `after` and before `before`: the hashtags directory's one read.
     */
    async directoryNames(after: string | null, before: string | null, limit: number, inclusive = false): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`
        select name from hashtags
        where public_media_count > 0
          ${after === null ? sql`` : inclusive ? sql`and name ~>=~ ${after}` : sql`and name ~>~ ${after}`}
          ${before === null ? sql`` : sql`and name ~<~ ${before}`}
        order by name using ~<~ limit ${limit}`.execute(db);
      return rows.map((r) => r.name);
    },

    /**
     * Hashtags for a search: exact name, then folded prefix, by post count. Search is the same for
     * everyone, so it lists and counts public posts only (`hashtags_folded_prefix_idx`).
     */
    prefix(folded: string, limit: number) {
      return db
        .selectFrom('hashtags')
        .select(['id', 'name', 'public_media_count as media_count'])
        .where(sql<boolean>`folded_name like ${likePrefix(folded)}`)
        .where('public_media_count', '>', 0)
        .orderBy(sql`folded_name = ${folded}`, 'desc')
        .orderBy('public_media_count', 'desc')
        .orderBy('name')
        .limit(limit)
        .execute();
    },

    /** The tags with the most public posts (the same for everyone, as search is). */
    popular(limit: number) {
      return db
        .selectFrom('hashtags')
        .select(['id', 'name', 'public_media_count as media_count'])
        .where('public_media_count', '>', 0)
        .orderBy('public_media_count', 'desc')
        .orderBy('name')
        .limit(limit)
        .execute();
    },

    /** Hashtags whose folded name is close to the query (trigram similarity), for typos. */
    similar(folded: string, limit: number) {
      return db
        .selectFrom('hashtags')
        .select(['id', 'name', 'public_media_count as media_count'])
        .where(sql<boolean>`folded_name % ${folded}`)
        .where('public_media_count', '>', 0)
        .orderBy(sql`similarity(folded_name, ${folded})`, 'desc')
        .orderBy('public_media_count', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Marks exactly these tags sensitive (creating the ones not used yet) and clears the mark on
     * every other tag, in one transaction.
     */
    async setSensitive(names: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('hashtags').set({ is_sensitive: false }).where('is_sensitive', '=', true).where('name', 'not in', names.length ? names : ['']).execute();
        if (names.length) await markSensitive(trx, names);
      });
    },

    /** Marks these tags sensitive, leaving the others as they are (the demo world at seed time). */
    markSensitive: (names: string[]) => markSensitive(db, names),
  };
}

async function markSensitive(db: Kysely<Database>, names: string[]): Promise<void> {
  await sql`insert into hashtags (name, folded_name, is_sensitive)
    select t, fold_text(t), true from unnest(${sql.val(names)}::text[]) t
    on conflict (name) do update set is_sensitive = true`.execute(db);
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type HashtagsRepository = ReturnType<typeof createHashtagsRepository>;
