import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { postTagWriter } from '../hashtags/post-tags.repository.js';

/** The files of some posts, as storage keys (pending uploads hold none yet). */
const filesOf = (items: { variants: { key: string }[]; video_key: string | null; poster_key: string | null }[], frames: { frame_key: string | null }[]) =>
  [...items.flatMap((it) => [...it.variants.map((v) => v.key), it.video_key, it.poster_key]), ...frames.map((f) => f.frame_key)]
    .filter((k): k is string => !!k && !k.startsWith('pending:'));

/**
 * What an account leaving touches of posts and likes: the counts its likes and comments add to
 * others' posts (taken out while it is gone, put back when it returns), its own posts for its
 * archive, and their removal with their files when it is purged.
 */
export function createPostsLeavingRepository(db: Db) {
  return {
    /** Moves the like count of every post the person liked by `delta` (-1 leaving, +1 back). */
    async shiftLikeCounts(trx: Db, userId: string, delta: 1 | -1): Promise<void> {
      await trx.updateTable('media')
        .set({ like_count: sql<number>`greatest(like_count + ${delta}, 0)` })
        .where('id', 'in', (eb) => eb.selectFrom('likes').select('media_id').where('user_id', '=', userId))
        .execute();
    },

    /** Moves posts' comment counts by the person's comments on each, times `delta`. */
    async shiftCommentCounts(trx: Db, perPost: { media_id: string; n: number }[], delta: 1 | -1): Promise<void> {
      for (const { media_id, n } of perPost) {
        await trx.updateTable('media').set({ comment_count: sql<number>`greatest(comment_count + ${delta * n}, 0)` }).where('id', '=', media_id).execute();
      }
    },

    /** The person's posts with their items, oldest first, for their archive. */
    async postsOf(userId: string) {
      const posts = await db.selectFrom('media')
        .select(['id', 'media_type', 'status', 'caption', 'accessibility_caption', 'created_at', 'like_count', 'comment_count'])
        .where('owner_id', '=', userId).orderBy('id').execute();
      const items = posts.length === 0 ? [] : await db.selectFrom('media_items')
        .select(['media_id', 'position', 'kind', 'variants', 'video_key', 'poster_key', 'accessibility_caption'])
        .where('media_id', 'in', posts.map((p) => p.id)).orderBy('media_id').orderBy('position').execute();
      return posts.map((p) => ({ ...p, items: items.filter((it) => it.media_id === p.id) }));
    },

    /** The posts the person liked, newest like first, with their owners (names only). */
    likesOf(userId: string) {
      return db.selectFrom('likes').innerJoin('media', 'media.id', 'likes.media_id')
        .select(['likes.id as like_id', 'likes.media_id', 'media.owner_id'])
        .where('likes.user_id', '=', userId).orderBy('likes.id', 'desc').execute();
    },

    /**
     * Deletes up to `limit` of the person's posts (items, likes, comments and tags go with them,
     * hashtags' counts kept) and answers their files and how many went.
     */
    async purgePosts(userId: string, limit: number): Promise<{ removed: number; files: string[] }> {
      return db.transaction().execute(async (trx) => {
        const ids = (await trx.selectFrom('media').select('id').where('owner_id', '=', userId).orderBy('id').limit(limit).execute()).map((r) => r.id);
        if (ids.length === 0) return { removed: 0, files: [] };
        const items = await trx.selectFrom('media_items').select(['variants', 'video_key', 'poster_key']).where('media_id', 'in', ids).execute();
        const frames = await trx.deleteFrom('uploads').where('media_id', 'in', ids).returning('frame_key').execute();
        for (const id of ids) await postTagWriter.remove(trx, id);
        await trx.deleteFrom('media').where('id', 'in', ids).execute();
        return { removed: ids.length, files: filesOf(items, frames) };
      });
    },

    /** Files of the person's uploads left once their posts are gone (never posted, or a story's). */
    async purgeUploads(userId: string): Promise<string[]> {
      const rows = await db.deleteFrom('uploads').where('owner_id', '=', userId)
        .returning(['variants', 'video_key', 'poster_key', 'frame_key', 'source_key']).execute();
      return [...filesOf(rows, rows), ...rows.map((r) => r.source_key)].filter((k): k is string => !!k && !k.startsWith('pending:'));
    },
  };
}
