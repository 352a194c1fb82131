import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ImageVariant, ItemKind, MediaFiles, MediaType } from '../../db/schema.js';
import { mediaVisibleSql } from '../access/sql.js';
import { userSummaryColumns, usersAs } from '../accounts/repository.js';
import { viewerRelationColumns } from '../friendships/repository.js';
import { postTagWriter } from '../hashtags/post-tags.repository.js';

export { mediaAs, savesAs, usertagsAs } from './tables.repository.js';

export interface NewItem extends MediaFiles {
  kind: ItemKind;
  accessibility_caption: string | null;
  /** A tag waits for the tagged person's review (pending, the default) unless they do not review tags. */
  usertags: { user_id: string; x: number; y: number; status?: 'pending' | 'approved' }[];
}

export interface NewMedia {
  id: string;
  owner_id: string;
  media_type: MediaType;
  status: 'processing' | 'ready';
  caption: string;
  accessibility_caption: string | null;
  location_id: string | null;
  items: NewItem[];
  hashtags: string[];
  mention_ids: string[];
  upload_ids: string[];
  /** Only the seeders back-date posts; everything else is created now. */
  created_at?: Date;
}

/** Any number no other advisory lock of the service uses: one account's videos joining the encoder. */
const ENCODING_LOCK = 7_310_501;

/** The account's videos waiting for or in encoding: how many, and their frame pixels together. */
async function encodingLoadIn(db: Db, ownerId: string): Promise<{ videos: number; framePixels: number }> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(frame_pixels), 0)::text`.as('pixels')])
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'processing')
    .executeTakeFirstOrThrow();
  return { videos: Number(row.n), framePixels: Number(row.pixels) };
}

/** Every SQL statement of posts: uploads, creation, deletion, likes and saves. */
export function createPostsRepository(db: Db) {
  return {
    findUpload(ownerId: string, uploadId: string) {
      return db.selectFrom('uploads').selectAll().where('owner_id', '=', ownerId).where('upload_id', '=', uploadId).executeTakeFirst();
    },

    /** Whether the account has a post of its own, published or on its way. */
    async hasPosts(ownerId: string): Promise<boolean> {
      return (await db.selectFrom('media').select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst()) !== undefined;
    },

    /** What the account holds uploaded but not posted: all of it, and its videos. */
    async countUnpublished(ownerId: string): Promise<{ all: number; videos: number }> {
      const row = await db
        .selectFrom('uploads')
        .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.count<string>(sql`case when kind = 'video' then 1 end`).as('videos')])
        .where('owner_id', '=', ownerId)
        .where('media_id', 'is', null)
        .executeTakeFirstOrThrow();
      return { all: Number(row.all), videos: Number(row.videos) };
    },

    /** The account's videos waiting for or in encoding: how many, and their frame pixels together. */
    encodingLoad: (ownerId: string) => encodingLoadIn(db, ownerId),

    /**
     * Deletes up to `limit` uploads never published and made before `before`, answering their file
     * keys. Rows another instance is deleting at the same moment are skipped, not waited for.
     */
    async takeExpiredUploads(before: Date, limit: number) {
      const { rows } = await sql<{ variants: ImageVariant[]; video_key: string | null; poster_key: string | null; source_key: string | null; frame_key: string | null }>`
        delete from uploads u
        using (
          select owner_id, upload_id from uploads
          where media_id is null and created_at < ${before}
          order by created_at limit ${limit}
          for update skip locked
        ) expired
        where u.owner_id = expired.owner_id and u.upload_id = expired.upload_id
        returning u.variants, u.video_key, u.poster_key, u.source_key, u.frame_key`.execute(db);
      return rows;
    },

    /** Inserts the upload unless that id exists; answers whether this call created it. */
    async insertUpload(row: { upload_id: string; owner_id: string; kind: ItemKind; status: 'processing' | 'ready'; width: number; height: number; thumbhash: string | null; variants: ImageVariant[]; source_key: string | null; frame_key?: string | null; frame_pixels?: number | null }): Promise<boolean> {
      const res = await db
        .insertInto('uploads')
        .values({ ...row, variants: JSON.stringify(row.variants) })
        .onConflict((oc) => oc.columns(['owner_id', 'upload_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Inserts a video waiting for encoding if the account's waiting videos leave room for its frame
     * pixels, and answers the load it joined ('full' when they do not). The account is locked for
     * the check and the insert, so videos uploaded side by side each see the others: the budget
     * holds and each takes its own turn.
     */
    insertVideoInTurn(row: { upload_id: string; owner_id: string; width: number; height: number; source_key: string; frame_pixels: number }, budget: number) {
      return db.transaction().execute(async (trx): Promise<{ videos: number; framePixels: number } | 'full' | 'exists'> => {
        await sql`select pg_advisory_xact_lock(${ENCODING_LOCK}, hashtext(${row.owner_id}))`.execute(trx);
        const joined = await encodingLoadIn(trx, row.owner_id);
        if (joined.framePixels + row.frame_pixels > budget) return 'full';
        const res = await trx
          .insertInto('uploads')
          .values({ ...row, kind: 'video', status: 'processing', thumbhash: null, variants: '[]' })
          .onConflict((oc) => oc.columns(['owner_id', 'upload_id']).doNothing())
          .executeTakeFirst();
        return Number(res.numInsertedOrUpdatedRows ?? 0) > 0 ? joined : 'exists';
      });
    },

    /** Answers the post the video is in, if it was posted already. */
    finishVideoUpload(ownerId: string, uploadId: string, done: { width: number; height: number; video_key: string; poster_key: string; duration_ms: number; thumbhash: string | null; variants: ImageVariant[] }): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const upload = await trx
          .updateTable('uploads')
          .set({ ...done, variants: JSON.stringify(done.variants), status: 'ready' })
          .where('owner_id', '=', ownerId)
          .where('upload_id', '=', uploadId)
          .returning(['media_id'])
          .executeTakeFirst();
        if (!upload?.media_id) return null;
        await trx
          .updateTable('media_items')
          .set({ width: done.width, height: done.height, video_key: done.video_key, poster_key: done.poster_key, duration_ms: done.duration_ms, thumbhash: done.thumbhash, variants: JSON.stringify(done.variants) })
          .where('media_id', '=', upload.media_id)
          .where('video_key', '=', `pending:${uploadId}`)
          .execute();
        // The post is ready once no item waits for its encoding.
        await trx
          .updateTable('media')
          .set({ status: 'ready' })
          .where('id', '=', upload.media_id)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('media_items').select('position').where('media_id', '=', upload.media_id!).where('video_key', 'like', 'pending:%'))))
          .execute();
        // A ready post of a public account joins its tags' public counts.
        await postTagWriter.refreshPost(trx, upload.media_id);
        return upload.media_id;
      });
    },

    /** Answers the post the video is in, if it was posted already. */
    async failUpload(ownerId: string, uploadId: string, error: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const upload = await trx.updateTable('uploads').set({ status: 'failed', error }).where('owner_id', '=', ownerId).where('upload_id', '=', uploadId).returning(['media_id']).executeTakeFirst();
        if (upload?.media_id) {
          await trx.updateTable('media').set({ status: 'failed' }).where('id', '=', upload.media_id).execute();
          await postTagWriter.refreshPost(trx, upload.media_id);
        }
        return upload?.media_id ?? null;
      });
    },

    usersByUsernames(names: string[]) {
      if (names.length === 0) return Promise.resolve([]);
      return db.selectFrom(usersAs('users')).select(['id', 'username_lower']).where('username_lower', 'in', names).execute();
    },

    /** The people, with whether they review the tags others put on them. */
    usersByIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom(usersAs('users')).select(['id', 'usertag_review_enabled']).where('id', 'in', ids).execute();
    },

    /** The post, its items, tags, hashtags and mentions, and the uploads marked used, in one transaction. */
    async insertMedia(m: NewMedia): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('media')
          .values({ id: m.id, owner_id: m.owner_id, media_type: m.media_type, status: m.status, caption: m.caption, accessibility_caption: m.accessibility_caption, location_id: m.location_id, ...(m.created_at ? { created_at: m.created_at } : {}) })
          .execute();
        await trx
          .insertInto('media_items')
          .values(m.items.map((it, position) => ({
            media_id: m.id, position, kind: it.kind, width: it.width, height: it.height, thumbhash: it.thumbhash,
            variants: JSON.stringify(it.variants), video_key: it.video_key, poster_key: it.poster_key,
            duration_ms: it.duration_ms, accessibility_caption: it.accessibility_caption,
          })))
          .execute();
        const tags = m.items.flatMap((it, position) => it.usertags.map((t) => ({ media_id: m.id, position, user_id: t.user_id, x: t.x, y: t.y, status: t.status ?? 'pending', sort_id: m.id })));
        if (tags.length) await trx.insertInto('usertags').values(tags).onConflict((oc) => oc.doNothing()).execute();
        await postTagWriter.add(trx, m.id, m.hashtags);
        if (m.mention_ids.length) await trx.insertInto('media_mentions').values(m.mention_ids.map((user_id) => ({ media_id: m.id, user_id }))).execute();
        const used = await trx
          .updateTable('uploads')
          .set({ media_id: m.id })
          .where('owner_id', '=', m.owner_id)
          .where('upload_id', 'in', m.upload_ids)
          .where('media_id', 'is', null)
          .executeTakeFirst();
        // Another configure took one of these uploads first: this one must not half-publish.
        if (Number(used.numUpdatedRows) !== m.upload_ids.length) throw new UploadAlreadyUsed();
      });
    },

    /** A post as far as rules need it, with whether the viewer may see it. */
    async findVisible(mediaId: string, viewerId: string | null) {
      return db
        .selectFrom('media')
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
        .select(['media.id', 'media.owner_id', 'media.status', 'media.comments_disabled'])
        .where('media.id', '=', mediaId)
        .where(mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' }))
        .executeTakeFirst();
    },

    /** Deletes the post (its items, likes, comments and tags go with it) and answers its files. */
    async deleteMedia(mediaId: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const items = await trx.selectFrom('media_items').select(['variants', 'video_key', 'poster_key']).where('media_id', '=', mediaId).execute();
        const frames = await trx.deleteFrom('uploads').where('media_id', '=', mediaId).returning('frame_key').execute();
        await postTagWriter.remove(trx, mediaId);
        await trx.deleteFrom('media').where('id', '=', mediaId).execute();
        return [...items.flatMap((it) => [...it.variants.map((v) => v.key), it.video_key, it.poster_key]), ...frames.map((f) => f.frame_key)]
          .filter((k): k is string => !!k && !k.startsWith('pending:'));
      });
    },

    /** Idempotent like: the counter moves only when the row is new (answered: whether it was). */
    async like(mediaId: string, userId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx.insertInto('likes').values({ media_id: mediaId, user_id: userId, id }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
        const created = Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
        if (created) await trx.updateTable('media').set({ like_count: sql`like_count + 1` }).where('id', '=', mediaId).execute();
        return created;
      });
    },

    /** Answers whether there was a like to take back. */
    async unlike(mediaId: string, userId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx.deleteFrom('likes').where('media_id', '=', mediaId).where('user_id', '=', userId).executeTakeFirst();
        const removed = Number(res.numDeletedRows) > 0;
        if (removed) await trx.updateTable('media').set({ like_count: sql`greatest(like_count - 1, 0)` }).where('id', '=', mediaId).execute();
        return removed;
      });
    },

    /** Who liked a post, newest first, with whether the viewer follows each. */
    likers(mediaId: string, viewerId: string | null, first: number, beforeLikeId: string | null) {
      let q = db
        .selectFrom('likes')
        .innerJoin(usersAs('users'), 'users.id', 'likes.user_id')
        .select(['likes.id as like_id', ...userSummaryColumns('users')])
        .select(viewerRelationColumns(viewerId, 'users.id'))
        .where('likes.media_id', '=', mediaId);
      if (beforeLikeId) q = q.where('likes.id', '<', beforeLikeId);
      return q.orderBy('likes.id', 'desc').limit(first + 1).execute();
    },

    async likeCount(mediaId: string): Promise<number> {
      const row = await db.selectFrom('media').select('like_count').where('id', '=', mediaId).executeTakeFirst();
      return row?.like_count ?? 0;
    },

    async commentCount(mediaId: string): Promise<number> {
      const row = await db.selectFrom('media').select('comment_count').where('id', '=', mediaId).executeTakeFirst();
      return row?.comment_count ?? 0;
    },

    async save(mediaId: string, userId: string, id: string): Promise<void> {
      await db.insertInto('saves').values({ media_id: mediaId, user_id: userId, id }).onConflict((oc) => oc.doNothing()).execute();
    },

    async unsave(mediaId: string, userId: string): Promise<void> {
      await db.deleteFrom('saves').where('media_id', '=', mediaId).where('user_id', '=', userId).execute();
    },
  };
}
export type PostsRepository = ReturnType<typeof createPostsRepository>;

/**
 * The post's counters that another area's writes move, inside that area's transaction, so that a
 * count and what it counts commit together.
 */
export const postCounters = {
  /** Comments added (a positive `delta`) or taken away; never below zero. */
  async comments(trx: Db, mediaId: string, delta: number): Promise<void> {
    const count = delta >= 0 ? sql<number>`comment_count + ${delta}` : sql<number>`greatest(comment_count - ${-delta}, 0)`;
    await trx.updateTable('media').set({ comment_count: count }).where('id', '=', mediaId).execute();
  },
};

export class UploadAlreadyUsed extends Error {
  constructor() {
    super('upload already used by another post');
  }
}
