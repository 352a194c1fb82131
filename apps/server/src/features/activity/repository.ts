import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EventType } from '../../db/schema.js';
import { inSql } from '../../db/table-ref.js';
import { mediaVisibleSql, notBlockedSql, storyVisibleSql } from '../access/sql.js';
import { createAccountsRepository, usersAs } from '../accounts/repository.js';
import { mediaAs, mediaItemsAs } from '../posts/tables.repository.js';
import { storiesAs } from '../stories/repository.js';

export interface EventRow {
  id: string;
  user_id: string;
  actor_id: string;
  type: EventType;
  media_id: string | null;
  comment_id: string | null;
  story_id: string | null;
  text: string | null;
}

const FEED_SIZE = 50;

/**
 * An event about a post is told only while its reader may see that post: a mention in a comment
 * on a private account's post does not show the post, its thumbnail or the comment to a stranger.
 * Needs `events` in scope.
 */
function aboutVisibleMedia(viewerId: string) {
  return sql<boolean>`(events.media_id is null or exists (
    select 1 from ${inSql(mediaAs('post'))} join ${inSql(usersAs('owner'))} on owner.id = post.owner_id
    where post.id = events.media_id and ${mediaVisibleSql(viewerId, { media: 'post', owner: 'owner' })}))`;
}

/**
 * An event about a story (a mention in it) is told while its reader may see that story: live, and
 * for a close friends' story only to the owner's close friends. Needs `events` in scope.
 */
function aboutVisibleStory(viewerId: string) {
  return sql<boolean>`(events.story_id is null or exists (
    select 1 from ${inSql(storiesAs('story'))} join ${inSql(usersAs('owner'))} on owner.id = story.owner_id
    where story.id = events.story_id and ${storyVisibleSql(viewerId, { story: 'story', owner: 'owner' }, new Date())}))`;
}

/** Every SQL statement of activity: the events table (the reader's checked mark is kept with the account). */
export function createActivityRepository(db: Db) {
  const accounts = createAccountsRepository(db);
  return {
    async insert(rows: EventRow[]): Promise<void> {
      if (rows.length) await db.insertInto('events').values(rows).execute();
    },

    async remove(e: { actorId: string; type: EventType; mediaId?: string; commentId?: string; userId?: string }): Promise<void> {
      let q = db.deleteFrom('events').where('actor_id', '=', e.actorId).where('type', '=', e.type);
      if (e.mediaId) q = q.where('media_id', '=', e.mediaId);
      if (e.commentId) q = q.where('comment_id', '=', e.commentId);
      if (e.userId) q = q.where('user_id', '=', e.userId);
      await q.execute();
    },

    /** Unread events by type since the reader last checked, about what they may see. */
    countsSinceChecked(userId: string) {
      return db
        .selectFrom('events')
        .innerJoin(usersAs('reader'), 'reader.id', 'events.user_id')
        .select(['events.type', (eb) => eb.fn.countAll<string>().as('n')])
        .where('events.user_id', '=', userId)
        .whereRef('events.created_at', '>', 'reader.activity_checked_at')
        .where(aboutVisibleMedia(userId))
        .where(aboutVisibleStory(userId))
        .groupBy('events.type')
        .execute();
    },

    /** The newest events with their actors and the first item of their post, never across a block. */
    feed(userId: string) {
      return db
        .selectFrom('events')
        .innerJoin(usersAs('actor'), 'actor.id', 'events.actor_id')
        .leftJoin(mediaItemsAs('first_item'), (j) => j.onRef('first_item.media_id', '=', 'events.media_id').on('first_item.position', '=', 0))
        .leftJoin(storiesAs('event_story'), 'event_story.id', 'events.story_id')
        .select([
          'events.id', 'events.type', 'events.media_id', 'events.story_id', 'event_story.variants as story_variants', 'events.text', 'events.created_at', 'actor.id as actor_id', 'actor.username',
          'actor.full_name', 'actor.profile_pic_key', 'actor.is_private', 'actor.is_verified', 'first_item.variants',
        ])
        .where('events.user_id', '=', userId)
        // Pending requests are listed above the feed, with their buttons; the feed tells the rest.
        .where('events.type', '!=', 'follow_request')
        .where(notBlockedSql(userId, sql.ref('actor.id')))
        .where(aboutVisibleMedia(userId))
        .where(aboutVisibleStory(userId))
        .orderBy('events.id', 'desc')
        .limit(FEED_SIZE)
        .execute();
    },

    /** Moves the checked mark forward only: an older timestamp leaves it where it is. */
    markChecked: accounts.markActivityChecked,
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
