import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';
import type { StoryRow } from './present.js';
import { tableAs } from '../../db/table-ref.js';
import { existingUserIds } from '../accounts/repository.js';
import { followerIdsOf } from '../friendships/repository.js';

/** This area's tables, lent to other areas' queries under an alias of their choosing. */
export const storiesAs = tableAs('stories');

/** A story to store: what every answer presents, with what its stickers name. */
export interface NewStory extends StoryRow {
  status: 'processing' | 'ready';
  upload_id: string;
  location_id: string | null;
  hashtags: string[];
  mention_ids: string[];
}

export interface ReadyVideo {
  width: number;
  height: number;
  thumbhash: string;
  variants: ImageVariant[];
  video_key: string;
  poster_key: string;
  duration_ms: number;
}

const STORY_COLUMNS = [
  'id', 'owner_id', 'kind', 'status', 'audience', 'upload_id', 'width', 'height', 'thumbhash', 'variants', 'video_key',
  'poster_key', 'duration_ms', 'stickers', 'location_id', 'taken_at', 'expiring_at',
] as const;

/** The files a story row names. */
export const storyFiles = (s: { variants: ImageVariant[]; video_key: string | null; poster_key: string | null }): string[] =>
  [...new Set([...s.variants.map((v) => v.key), s.video_key, s.poster_key].filter((k): k is string => Boolean(k)))];

/** The SQL of posting, finishing, deleting and purging stories (the stories tables' writes). */
export function createStoriesRepository(db: Db) {
  return {
    /** Up to `limit` of the account's followers (whose trays a new story may enter). */
    followerIds: (ownerId: string, limit: number): Promise<string[]> => followerIdsOf(db, ownerId, limit),

    findByUpload(ownerId: string, uploadId: string) {
      return db.selectFrom('stories').select(STORY_COLUMNS).where('owner_id', '=', ownerId).where('upload_id', '=', uploadId).executeTakeFirst();
    },

    findOwned(ownerId: string, storyId: string) {
      return db.selectFrom('stories').select(STORY_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', storyId).executeTakeFirst();
    },

    /** The story with its hashtags and mentions; false when that upload made a story already (a retry). */
    async insert(s: NewStory): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const { hashtags, mention_ids, ...row } = s;
        const res = await trx
          .insertInto('stories')
          .values({ ...row, variants: JSON.stringify(row.variants), stickers: JSON.stringify(row.stickers) })
          .onConflict((oc) => oc.columns(['owner_id', 'upload_id']).doNothing())
          .executeTakeFirst();
        if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        if (hashtags.length) await trx.insertInto('story_hashtags').values(hashtags.map((name) => ({ story_id: s.id, name, taken_at: s.taken_at }))).execute();
        if (mention_ids.length) await trx.insertInto('story_mentions').values(mention_ids.map((user_id) => ({ story_id: s.id, user_id }))).execute();
        return true;
      });
    },

    /** The stories still waiting for this upload's encoding. */
    processingOfUpload(ownerId: string, uploadId: string) {
      return db.selectFrom('stories').select(['id', 'audience']).where('owner_id', '=', ownerId).where('upload_id', '=', uploadId).where('status', '=', 'processing').execute();
    },

    /** Answers whether this call finished it (another may have first). */
    async finishVideo(storyId: string, done: ReadyVideo): Promise<boolean> {
      const res = await db
        .updateTable('stories')
        .set({ ...done, variants: JSON.stringify(done.variants), status: 'ready' })
        .where('id', '=', storyId)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async fail(storyId: string): Promise<void> {
      await db.updateTable('stories').set({ status: 'failed' }).where('id', '=', storyId).where('status', '=', 'processing').execute();
    },

    /** Deletes the story (its hashtags, mentions, views and highlight places go with it) and answers its files. */
    async delete(ownerId: string, storyId: string): Promise<string[] | null> {
      const row = await db
        .deleteFrom('stories')
        .where('id', '=', storyId)
        .where('owner_id', '=', ownerId)
        .returning(['variants', 'video_key', 'poster_key'])
        .executeTakeFirst();
      return row ? storyFiles(row) : null;
    },

    /**
     * Deletes up to `limit` stories that expired before `before` and that no highlight keeps,
     * answering their files. Rows another instance is purging at the same moment are skipped.
     */
    async takeExpired(before: Date, limit: number): Promise<{ purged: number; files: string[] }> {
      const { rows } = await sql<{ variants: ImageVariant[]; video_key: string | null; poster_key: string | null }>`
        delete from stories s
        using (
          select id from stories
          where expiring_at < ${before}
            and not exists (select 1 from highlight_items hi where hi.story_id = stories.id)
          order by expiring_at limit ${limit}
          for update skip locked
        ) expired
        where s.id = expired.id
        returning s.variants, s.video_key, s.poster_key`.execute(db);
      return { purged: rows.length, files: rows.flatMap(storyFiles) };
    },

    async viewCount(storyId: string): Promise<number> {
      const row = await db.selectFrom('story_views').select((eb) => eb.fn.countAll<string>().as('n')).where('story_id', '=', storyId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    existingUsers: (ids: string[]): Promise<Set<string>> => existingUserIds(db, ids),
  };
}
export type StoriesRepository = ReturnType<typeof createStoriesRepository>;
export type StoryDbRow = NonNullable<Awaited<ReturnType<StoriesRepository['findOwned']>>>;
