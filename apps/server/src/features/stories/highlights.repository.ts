import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';
import { storyVisibleSql } from '../access/sql.js';
import { lockAccount, usersAs } from '../accounts/repository.js';

export interface HighlightRow {
  id: string;
  owner_id: string;
  title: string;
  cover_story_id: string | null;
  created_at: Date;
}

export interface HighlightSummaryRow extends HighlightRow {
  item_count: number;
}

export interface HighlightCoverRow {
  highlight_id: string;
  variants: ImageVariant[];
  poster_key: string | null;
}

/** Highlights and their items: the SQL of the stories area's highlight tables. */
export function createHighlightsRepository(db: Db) {
  return {
    find(id: string): Promise<HighlightRow | undefined> {
      return db.selectFrom('highlights').select(['id', 'owner_id', 'title', 'cover_story_id', 'created_at']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * An account's highlights that keep at least one story the viewer may see, newest first, each
     * with how many such stories it holds. One query, whatever the number of highlights.
     */
    async visibleOf(ownerId: string, viewerId: string | null, limit: number): Promise<HighlightSummaryRow[]> {
      const rows = await db
        .selectFrom('highlights as h')
        .innerJoin('highlight_items as hi', 'hi.highlight_id', 'h.id')
        .innerJoin('stories as story', 'story.id', 'hi.story_id')
        .innerJoin(usersAs('owner'), 'owner.id', 'story.owner_id')
        .select(['h.id', 'h.owner_id', 'h.title', 'h.cover_story_id', 'h.created_at', sql<string>`count(*)`.as('item_count')])
        .where('h.owner_id', '=', ownerId)
        .where(storyVisibleSql(viewerId, { story: 'story', owner: 'owner' }, null))
        .groupBy(['h.id', 'h.owner_id', 'h.title', 'h.cover_story_id', 'h.created_at'])
        .orderBy('h.created_at', 'desc')
        .orderBy('h.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, item_count: Number(r.item_count) }));
    },

    /**
     * The cover of each highlight as the viewer sees it: its chosen cover when visible to them,
     * else its first visible story in the order the highlight plays in (as added).
     */
    covers(highlightIds: readonly string[], viewerId: string | null): Promise<HighlightCoverRow[]> {
      if (highlightIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('highlight_items as hi')
        .innerJoin('highlights as h', 'h.id', 'hi.highlight_id')
        .innerJoin('stories as story', 'story.id', 'hi.story_id')
        .innerJoin(usersAs('owner'), 'owner.id', 'story.owner_id')
        .distinctOn('hi.highlight_id')
        .select(['hi.highlight_id', 'story.variants', 'story.poster_key'])
        .where('hi.highlight_id', 'in', [...highlightIds])
        .where(storyVisibleSql(viewerId, { story: 'story', owner: 'owner' }, null))
        .orderBy('hi.highlight_id')
        .orderBy(sql`coalesce(story.id = h.cover_story_id, false)`, 'desc')
        .orderBy('hi.added_at', 'asc')
        .orderBy('story.id', 'asc')
        .execute();
    },

    /** The owner's highlights that still hold a story (one whose stories were all deleted is not shown, nor counted). */
    countOf(ownerId: string, trx: Db = db): Promise<number> {
      return trx.selectFrom('highlights').select(sql<string>`count(*)`.as('n')).where('owner_id', '=', ownerId)
        .where(sql<boolean>`exists (select 1 from highlight_items hi where hi.highlight_id = highlights.id)`)
        .executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    /** Of these stories, those that are the owner's (any state: the archive's and expired ones too). */
    async ownStories(ownerId: string, storyIds: readonly string[], trx: Db = db): Promise<Set<string>> {
      if (storyIds.length === 0) return new Set();
      const rows = await trx.selectFrom('stories').select('id').where('owner_id', '=', ownerId).where('id', 'in', [...new Set(storyIds)]).execute();
      return new Set(rows.map((r) => r.id));
    },

    async itemIds(highlightId: string, trx: Db = db): Promise<string[]> {
      const rows = await trx.selectFrom('highlight_items').select('story_id').where('highlight_id', '=', highlightId).execute();
      return rows.map((r) => r.story_id);
    },

    /** The highlights of this owner that hold each of these stories (the archive's marks). */
    async holding(ownerId: string, storyIds: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (storyIds.length === 0) return out;
      const rows = await db
        .selectFrom('highlight_items as hi')
        .innerJoin('highlights as h', 'h.id', 'hi.highlight_id')
        .select(['hi.story_id', 'hi.highlight_id'])
        .where('h.owner_id', '=', ownerId)
        .where('hi.story_id', 'in', [...storyIds])
        .orderBy('hi.highlight_id')
        .execute();
      for (const r of rows) out.set(r.story_id, [...(out.get(r.story_id) ?? []), r.highlight_id]);
      return out;
    },

    async insert(trx: Db, row: { id: string; owner_id: string; title: string; cover_story_id: string | null }, storyIds: readonly string[]): Promise<void> {
      await trx.insertInto('highlights').values({ ...row, updated_at: new Date() }).execute();
      await trx.insertInto('highlight_items').values(storyIds.map((story_id) => ({ highlight_id: row.id, story_id, added_at: new Date() }))).execute();
    },

    async update(trx: Db, id: string, change: { title?: string; cover_story_id?: string | null }, add: readonly string[], remove: readonly string[]): Promise<void> {
      if (remove.length > 0) await trx.deleteFrom('highlight_items').where('highlight_id', '=', id).where('story_id', 'in', [...remove]).execute();
      if (add.length > 0) {
        await trx.insertInto('highlight_items').values(add.map((story_id) => ({ highlight_id: id, story_id, added_at: new Date() })))
          .onConflict((oc) => oc.columns(['highlight_id', 'story_id']).doNothing()).execute();
      }
      await trx.updateTable('highlights').set({ ...change, updated_at: new Date() }).where('id', '=', id).execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('highlights').where('id', '=', id).execute();
    },

    /** Locks the owner's highlights while a write counts them, so two creations cannot pass the limit together. */
    lockOwner: (trx: Db, ownerId: string): Promise<void> => lockAccount(trx, ownerId),

    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),
  };
}
export type HighlightsRepository = ReturnType<typeof createHighlightsRepository>;
