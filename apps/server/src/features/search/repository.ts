import type { Db } from '../../db/database.js';

export type RecentKind = 'user' | 'hashtag' | 'place';
export interface RecentRow { kind: RecentKind; entity_id: string }

/** Every SQL statement on recent_searches and hidden_search_sections. */
export function createSearchRepository(db: Db) {
  return {
    /** Records an opened result as the newest entry, keeping the newest `keep`. */
    async register(userId: string, kind: RecentKind, entityId: string, keep: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('recent_searches').values({ user_id: userId, kind, entity_id: entityId, searched_at: new Date() })
          .onConflict((oc) => oc.columns(['user_id', 'kind', 'entity_id']).doUpdateSet({ searched_at: new Date() })).execute();
        const old = await trx.selectFrom('recent_searches').select('searched_at').where('user_id', '=', userId)
          .orderBy('searched_at', 'desc').offset(keep).limit(1).executeTakeFirst();
        if (old) await trx.deleteFrom('recent_searches').where('user_id', '=', userId).where('searched_at', '<=', old.searched_at).execute();
      });
    },

    /** The newest first. */
    recent(userId: string, limit: number): Promise<RecentRow[]> {
      return db.selectFrom('recent_searches').select(['kind', 'entity_id']).where('user_id', '=', userId)
        .orderBy('searched_at', 'desc').orderBy('kind').orderBy('entity_id').limit(limit).execute();
    },

    async remove(userId: string, kind: RecentKind, entityIds: string[]): Promise<void> {
      if (entityIds.length === 0) return;
      await db.deleteFrom('recent_searches').where('user_id', '=', userId).where('kind', '=', kind).where('entity_id', 'in', entityIds).execute();
    },

    async clear(userId: string): Promise<void> {
      await db.deleteFrom('recent_searches').where('user_id', '=', userId).execute();
    },

    async hideSections(userId: string, sections: string[]): Promise<void> {
      if (sections.length === 0) return;
      await db.insertInto('hidden_search_sections').values(sections.map((section) => ({ user_id: userId, section })))
        .onConflict((oc) => oc.columns(['user_id', 'section']).doNothing()).execute();
    },

    async hiddenSections(userId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('hidden_search_sections').select('section').where('user_id', '=', userId).execute();
      return new Set(rows.map((r) => r.section));
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
