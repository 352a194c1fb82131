import type { Updateable } from 'kysely';
import { MAX_USERTAGS } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import type { MediaTable } from '../../db/schema.js';
import type { PlaceChoice, Places } from '../places/service.js';
import type { Tag } from './edit-input.js';
import { postTagWriter } from '../hashtags/post-tags.repository.js';

/** The place an edit names, resolved inside the edit's transaction. */
export type PlaceResolver = Places['forPost'];

export interface StoredItem {
  position: number;
  alt: string | null;
  usertags: Tag[];
}

export interface StoredEdit {
  mediaId: string;
  /** The caption with what it derives: its hashtags and the people it mentions (within the notified limit). */
  caption?: { caption: string; hashtags: string[]; mentionIds: string[] };
  /** The post's place (made in the edit's transaction when named anew), or null for none. */
  place?: { choice: PlaceChoice | null; authorId: string };
  /** The items that change, by position: all their tags, their alt text. */
  items?: { position: number; usertags?: Tag[]; alt?: string | null }[];
  /** A one-item post keeps its own alt text equal to its item's. */
  single: boolean;
  /** The review a tag of someone not tagged before starts with (see posts/service.ts, tagStatuses). */
  newTagStatus?: (userId: string) => 'pending' | 'approved';
}

/** Who the edit concerns: people newly tagged, people no longer tagged, people newly mentioned. */
export interface EditOutcome {
  tagged: string[];
  untagged: string[];
  mentioned: string[];
}

/** Raised inside the edit's transaction when a concurrent edit would take the post past the tag limit. */
export class TooManyTags extends Error {
  constructor() {
    super('too many people tagged');
  }
}

/** The SQL of editing a post: its items as they are, and the edit written in one transaction. */
export function createPostEditRepository(db: Db, placeFor: PlaceResolver) {
  return {
    async items(mediaId: string): Promise<StoredItem[]> {
      const [items, tags] = await Promise.all([
        db.selectFrom('media_items').select(['position', 'accessibility_caption']).where('media_id', '=', mediaId).orderBy('position').execute(),
        db.selectFrom('usertags').select(['position', 'user_id', 'x', 'y']).where('media_id', '=', mediaId).orderBy('position').orderBy('user_id').execute(),
      ]);
      return items.map((it) => ({
        position: it.position,
        alt: it.accessibility_caption,
        usertags: tags.filter((t) => t.position === it.position).map(({ user_id, x, y }) => ({ user_id, x, y })),
      }));
    },

    /**
     * Writes the edit, or nothing when any part fails; null when the post is gone. The post's row
     * is locked first, so concurrent edits of one post apply one after the other and each sees
     * the tags and mentions the previous one left.
     */
    async apply(edit: StoredEdit): Promise<EditOutcome | null> {
      const id = edit.mediaId;
      return db.transaction().execute(async (trx) => {
        const post = await trx.selectFrom('media').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!post) return null;
        const before = await trx.selectFrom('usertags').select(['user_id', 'status', 'sort_id']).where('media_id', '=', id).execute();
        const set: Updateable<MediaTable> = {};
        let mentioned: string[] = [];

        if (edit.caption) {
          const { caption, hashtags, mentionIds } = edit.caption;
          set.caption = caption;
          await postTagWriter.replace(trx, id, hashtags);
          const old = await trx.deleteFrom('media_mentions').where('media_id', '=', id).returning('user_id').execute();
          if (mentionIds.length) await trx.insertInto('media_mentions').values(mentionIds.map((user_id) => ({ media_id: id, user_id }))).execute();
          const known = new Set(old.map((m) => m.user_id));
          mentioned = mentionIds.filter((userId) => !known.has(userId));
        }

        if (edit.place) set.location_id = await placeFor(edit.place.authorId, edit.place.choice, trx);

        // Someone still tagged keeps the review they gave (approved stays approved) and their place in their tagged tab.
        const previous = new Map(before.map((t) => [t.user_id, t]));
        for (const item of edit.items ?? []) {
          if (item.alt !== undefined) {
            await trx.updateTable('media_items').set({ accessibility_caption: item.alt }).where('media_id', '=', id).where('position', '=', item.position).execute();
            if (edit.single) set.accessibility_caption = item.alt;
          }
          if (!item.usertags) continue;
          await trx.deleteFrom('usertags').where('media_id', '=', id).where('position', '=', item.position).execute();
          if (item.usertags.length === 0) continue;
          await trx
            .insertInto('usertags')
            .values(item.usertags.map((t) => ({
              media_id: id, position: item.position, user_id: t.user_id, x: t.x, y: t.y,
              status: previous.get(t.user_id)?.status ?? edit.newTagStatus?.(t.user_id) ?? 'pending', sort_id: previous.get(t.user_id)?.sort_id ?? id,
            })))
            .execute();
        }

        if (Object.keys(set).length) await trx.updateTable('media').set(set).where('id', '=', id).execute();
        const after = await trx.selectFrom('usertags').select('user_id').where('media_id', '=', id).execute();
        if (after.length > MAX_USERTAGS) throw new TooManyTags();
        const was = new Set(before.map((t) => t.user_id));
        const is = new Set(after.map((t) => t.user_id));
        return { tagged: [...is].filter((u) => !was.has(u)), untagged: [...was].filter((u) => !is.has(u)), mentioned };
      });
    },
  };
}
export type PostEditRepository = ReturnType<typeof createPostEditRepository>;
