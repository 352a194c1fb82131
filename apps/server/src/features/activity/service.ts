import type { EventType } from '../../db/schema.js';
import type { IdGenerator } from '../../platform/ids.js';
import { presentUserSummary } from '../../platform/presenters.js';
import { idToShortcode } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import type { StoryRings } from '../stories/rings.js';
import type { ActivityRepository } from './repository.js';

export interface ActivityEvent {
  userId: string;
  actorId: string;
  type: EventType;
  mediaId?: string | null;
  commentId?: string | null;
  storyId?: string | null;
  text?: string | null;
}

const COUNT_KEYS: Record<EventType, 'likes' | 'comments' | 'comment_likes' | 'relationships' | 'usertags'> = {
  like: 'likes', comment: 'comments', mention: 'comments', comment_like: 'comment_likes', follow: 'relationships', follow_request: 'relationships', usertag: 'usertags', story_mention: 'comments',
  strike: 'relationships', report_reviewed: 'relationships', appeal_decided: 'relationships',
};

/** What the service itself tells a person (moderation's outcomes): no one else did it. */
export type NoticeType = 'strike' | 'report_reviewed' | 'appeal_decided';
const NOTICE_TYPES: ReadonlySet<EventType> = new Set<NoticeType>(['strike', 'report_reviewed', 'appeal_decided']);

/**
 * Activity: what others did to a person's account and posts. Written after the action it tells of
 * (one row each), read as the activity feed and as unread counts since the last check.
 */
export function createActivity(repo: ActivityRepository, storage: Storage, nextId: IdGenerator, rings: Pick<StoryRings, 'ringsFor'>) {
  return {
    async record(events: ActivityEvent[]): Promise<void> {
      const rows = events
        .filter((e) => e.userId !== e.actorId)
        .map((e) => ({ id: nextId(), user_id: e.userId, actor_id: e.actorId, type: e.type, media_id: e.mediaId ?? null, comment_id: e.commentId ?? null, story_id: e.storyId ?? null, text: e.text?.slice(0, 300) ?? null }));
      await repo.insert(rows);
    },

    /**
     * Notices from the service (a strike, a reviewed report, an appeal's decision): the reader is
     * their own actor, and the feed marks them `system` so that the client shows the product's mark.
     */
    async notify(notices: { userId: string; type: NoticeType; text: string }[]): Promise<void> {
      await repo.insert(notices.map((n) => ({ id: nextId(), user_id: n.userId, actor_id: n.userId, type: n.type, media_id: null, comment_id: null, story_id: null, text: n.text.slice(0, 300) })));
    },

    /** Takes back what an undone action told (an unlike, an unfollow, a withdrawn request). */
    async forget(e: { actorId: string; type: EventType; mediaId?: string; commentId?: string; userId?: string }): Promise<void> {
      await repo.remove(e);
    },

    async counts(userId: string) {
      const rows = await repo.countsSinceChecked(userId);
      const counts = { comment_likes: 0, comments: 0, likes: 0, relationships: 0, usertags: 0 };
      for (const r of rows) counts[COUNT_KEYS[r.type]] += Number(r.n);
      return counts;
    },

    async feed(userId: string) {
      const rows = await repo.feed(userId);
      const shown = await rings.ringsFor(userId, rows.map((r) => r.actor_id));
      const edges = rows.map((r) => {
        const smallest = r.variants ? [...r.variants].sort((a, b) => a.width - b.width)[0] : undefined;
        const storyThumb = r.story_variants ? [...r.story_variants].sort((a, b) => a.width - b.width)[0] : undefined;
        return {
          node: {
            id: r.id,
            type: r.type,
            timestamp: Math.floor(r.created_at.getTime() / 1000),
            user: { ...presentUserSummary({ ...r, id: r.actor_id }, storage), reel: shown.get(r.actor_id) ?? null },
            media: r.media_id ? { id: r.media_id, shortcode: idToShortcode(r.media_id), thumbnail_src: smallest ? storage.url(smallest.key) : null } : null,
            story: r.story_id ? { id: r.story_id, thumbnail_src: storyThumb ? storage.url(storyThumb.key) : null } : null,
            text: r.text,
            ...(NOTICE_TYPES.has(r.type) ? { system: true } : {}),
          },
        };
      });
      return { timestamp: edges[0]?.node.timestamp ?? 0, edge_web_activity_feed: { edges } };
    },

    /** Moves the checked mark forward only: an older timestamp leaves it where it is. */
    markChecked: repo.markChecked,
  };
}
export type Activity = ReturnType<typeof createActivity>;
