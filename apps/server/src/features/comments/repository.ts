import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { notRemovedSql } from '../access/sql.js';
import { userSummaryColumns, usersAs } from '../accounts/repository.js';
import { viewerRelationColumns } from '../friendships/repository.js';
import { postCounters } from '../posts/repository.js';

export interface CommentRow {
  id: string;
  media_id: string;
  parent_id: string | null;
  text: string;
  like_count: number;
  reply_count: number;
  created_at: Date;
  user_id: string;
  username: string;
  full_name: string;
  profile_pic_key: string | null;
  is_private: boolean;
  is_verified: boolean;
}

/** Comments with their authors, selected the same way by every comment list; a comment a moderator removed is in none. */
function selectComments(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin(usersAs('users'), 'users.id', 'comments.user_id')
    .where(notRemovedSql('comment', sql.ref('comments.id')))
    .select([
      'comments.id', 'comments.media_id', 'comments.parent_id', 'comments.text', 'comments.like_count', 'comments.reply_count',
      'comments.created_at', 'comments.user_id', 'users.username', 'users.full_name', 'users.profile_pic_key', 'users.is_private', 'users.is_verified',
    ]);
}

/** Every SQL statement of comments and comment likes; counters move in the same transaction. */
export function createCommentsRepository(db: Db) {
  return {
    find(commentId: string) {
      return db.selectFrom('comments').select(['id', 'media_id', 'user_id', 'parent_id']).where('id', '=', commentId).executeTakeFirst();
    },

    async insert(c: { id: string; media_id: string; user_id: string; parent_id: string | null; text: string }) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('comments').values(c).execute();
        await postCounters.comments(trx, c.media_id, 1);
        if (c.parent_id) await trx.updateTable('comments').set({ reply_count: sql`reply_count + 1` }).where('id', '=', c.parent_id).execute();
      });
    },

    /** Deletes a comment and its replies, and takes them off the counters. */
    async remove(comment: { id: string; media_id: string; parent_id: string | null }) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('comments')
          .where((eb) => eb.or([eb('id', '=', comment.id), eb('parent_id', '=', comment.id)]))
          .executeTakeFirst();
        const n = Number(gone.numDeletedRows);
        await postCounters.comments(trx, comment.media_id, -n);
        if (comment.parent_id) await trx.updateTable('comments').set({ reply_count: sql`greatest(reply_count - 1, 0)` }).where('id', '=', comment.parent_id).execute();
      });
    },

    async like(commentId: string, userId: string, id: string) {
      await db.transaction().execute(async (trx) => {
        const res = await trx.insertInto('comment_likes').values({ comment_id: commentId, user_id: userId, id }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
        if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) await trx.updateTable('comments').set({ like_count: sql`like_count + 1` }).where('id', '=', commentId).execute();
      });
    },

    async unlike(commentId: string, userId: string) {
      await db.transaction().execute(async (trx) => {
        const res = await trx.deleteFrom('comment_likes').where('comment_id', '=', commentId).where('user_id', '=', userId).executeTakeFirst();
        if (Number(res.numDeletedRows) > 0) await trx.updateTable('comments').set({ like_count: sql`greatest(like_count - 1, 0)` }).where('id', '=', commentId).execute();
      });
    },

    /** Parent comments of a post, oldest first, after an id. */
    parents(mediaId: string, first: number, afterId: string | null) {
      let q = selectComments(db).where('comments.media_id', '=', mediaId).where('comments.parent_id', 'is', null);
      if (afterId) q = q.where('comments.id', '>', afterId);
      return q.orderBy('comments.id').limit(first + 1).execute();
    },

    replies(parentId: string, first: number, afterId: string | null) {
      let q = selectComments(db).where('comments.parent_id', '=', parentId);
      if (afterId) q = q.where('comments.id', '>', afterId);
      return q.orderBy('comments.id').limit(first + 1).execute();
    },

    /** The first `limit` parent comments of each of these posts, newest or oldest first. */
    firstParents(mediaIds: string[], mode: 'newest' | 'oldest', limit: number): Promise<CommentRow[]> {
      return selectComments(db)
        .where(sql<boolean>`comments.id in (select c.id from unnest(${sql.val(mediaIds)}::bigint[]) m(id)
          cross join lateral (select c.id from comments c where c.media_id = m.id and c.parent_id is null
            order by c.id ${sql.raw(mode === 'newest' ? 'desc' : 'asc')} limit ${limit}) c)`)
        .orderBy('comments.id')
        .execute();
    },

    /** The first `limit` replies of each of these parents. */
    firstReplies(parentIds: string[], limit: number): Promise<CommentRow[]> {
      return selectComments(db)
        .where(sql<boolean>`comments.id in (select r.id from unnest(${sql.val(parentIds)}::bigint[]) p(id)
          cross join lateral (select c.id from comments c where c.parent_id = p.id order by c.id limit ${limit}) r)`)
        .orderBy('comments.id')
        .execute();
    },

    /** Which of these comments the viewer liked. */
    async likedBy(viewerId: string, ids: string[]): Promise<Set<string>> {
      const rows = await db.selectFrom('comment_likes').select('comment_id').where('user_id', '=', viewerId).where('comment_id', 'in', ids).execute();
      return new Set(rows.map((r) => r.comment_id));
    },

    byId(commentId: string) {
      return selectComments(db).where('comments.id', '=', commentId).executeTakeFirst();
    },

    likers(commentId: string, viewerId: string | null, first: number, beforeId: string | null) {
      let q = db
        .selectFrom('comment_likes')
        .innerJoin(usersAs('users'), 'users.id', 'comment_likes.user_id')
        .select(['comment_likes.id as like_id', ...userSummaryColumns('users')])
        .select(viewerRelationColumns(viewerId, 'users.id'))
        .where('comment_likes.comment_id', '=', commentId);
      if (beforeId) q = q.where('comment_likes.id', '<', beforeId);
      return q.orderBy('comment_likes.id', 'desc').limit(first + 1).execute();
    },

    async counts(commentId: string) {
      const row = await db.selectFrom('comments').select(['like_count', 'reply_count']).where('id', '=', commentId).executeTakeFirst();
      return row ?? { like_count: 0, reply_count: 0 };
    },
  };
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
