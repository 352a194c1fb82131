import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EventType } from '../../db/schema.js';
import type { IdGenerator } from '../../platform/ids.js';
import { presentUserSummary } from '../../platform/presenters.js';
import { idToShortcode } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import { mediaVisibleSql, notBlockedSql } from '../access/sql.js';

export interface ActivityEvent {
  userId: string;
  actorId: string;
  type: EventType;
  mediaId?: string | null;
  commentId?: string | null;
  text?: string | null;
}

const FEED_SIZE = 50;

/**
 * An event about a post is told only while its reader may see that post: a mention in a comment
 * on a private account's post does not show the post, its thumbnail or the comment to a stranger.
 * Needs `events` in scope.
 */
function aboutVisibleMedia(viewerId: string) {
  return sql<boolean>`(events.media_id is null or exists (
    select 1 from media join users owner on owner.id = media.owner_id
    where media.id = events.media_id and ${mediaVisibleSql(viewerId)}))`;
}
const COUNT_KEYS: Record<EventType, 'likes' | 'comments' | 'comment_likes' | 'relationships' | 'usertags'> = {
  like: 'likes', comment: 'comments', mention: 'comments', comment_like: 'comment_likes', follow: 'relationships', follow_request: 'relationships', usertag: 'usertags',
};

/**
 * Activity: what others did to a person's account and posts. Written after the action it tells of
 * (one row each), read as the activity feed and as unread counts since the last check.
 */
export function createActivity(db: Db, storage: Storage, nextId: IdGenerator) {
  return {
    async record(events: ActivityEvent[]): Promise<void> {
      const rows = events
        .filter((e) => e.userId !== e.actorId)
        .map((e) => ({ id: nextId(), user_id: e.userId, actor_id: e.actorId, type: e.type, media_id: e.mediaId ?? null, comment_id: e.commentId ?? null, text: e.text?.slice(0, 300) ?? null }));
      if (rows.length) await db.insertInto('events').values(rows).execute();
    },

    /** Takes back what an undone action told (an unlike, an unfollow, a withdrawn request). */
    async forget(e: { actorId: string; type: EventType; mediaId?: string; commentId?: string; userId?: string }): Promise<void> {
      let q = db.deleteFrom('events').where('actor_id', '=', e.actorId).where('type', '=', e.type);
      if (e.mediaId) q = q.where('media_id', '=', e.mediaId);
      if (e.commentId) q = q.where('comment_id', '=', e.commentId);
      if (e.userId) q = q.where('user_id', '=', e.userId);
      await q.execute();
    },

    async counts(userId: string) {
      const rows = await db
        .selectFrom('events')
        .innerJoin('users', 'users.id', 'events.user_id')
        .select(['events.type', (eb) => eb.fn.countAll<string>().as('n')])
        .where('events.user_id', '=', userId)
        .whereRef('events.created_at', '>', 'users.activity_checked_at')
        .where(aboutVisibleMedia(userId))
        .groupBy('events.type')
        .execute();
      const counts = { comment_likes: 0, comments: 0, likes: 0, relationships: 0, usertags: 0 };
      for (const r of rows) counts[COUNT_KEYS[r.type]] += Number(r.n);
      return counts;
    },

    async feed(userId: string) {
      const rows = await db
        .selectFrom('events')
        .innerJoin('users as actor', 'actor.id', 'events.actor_id')
        .leftJoin('media_items', (j) => j.onRef('media_items.media_id', '=', 'events.media_id').on('media_items.position', '=', 0))
        .select([
          'events.id', 'events.type', 'events.media_id', 'events.text', 'events.created_at', 'actor.id as actor_id', 'actor.username',
          'actor.full_name', 'actor.profile_pic_key', 'actor.is_private', 'actor.is_verified', 'media_items.variants',
        ])
        .where('events.user_id', '=', userId)
        // Pending requests are listed above the feed, with their buttons; the feed tells the rest.
        .where('events.type', '!=', 'follow_request')
        .where(notBlockedSql(userId, sql.ref('actor.id')))
        .where(aboutVisibleMedia(userId))
        .orderBy('events.id', 'desc')
        .limit(FEED_SIZE)
        .execute();
      const edges = rows.map((r) => {
        const smallest = r.variants ? [...r.variants].sort((a, b) => a.width - b.width)[0] : undefined;
        return {
          node: {
            id: r.id,
            type: r.type,
            timestamp: Math.floor(r.created_at.getTime() / 1000),
            user: presentUserSummary({ ...r, id: r.actor_id }, storage),
            media: r.media_id ? { id: r.media_id, shortcode: idToShortcode(r.media_id), thumbnail_src: smallest ? storage.url(smallest.key) : null } : null,
            text: r.text,
          },
        };
      });
      return { timestamp: edges[0]?.node.timestamp ?? 0, edge_web_activity_feed: { edges } };
    },

    /** Moves the checked mark forward only: an older timestamp leaves it where it is. */
    async markChecked(userId: string, timestamp: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ activity_checked_at: sql`greatest(activity_checked_at, to_timestamp(${timestamp}))` })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type Activity = ReturnType<typeof createActivity>;
