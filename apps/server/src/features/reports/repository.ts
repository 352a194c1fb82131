import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { conflict, isUniqueViolation } from '../../platform/errors.js';

export interface NewReport {
  /** The id a new report takes; an open report of the same thing keeps its own. */
  id: string;
  objectType: string;
  objectId: string;
  targetUserId: string;
  reporterId: string;
  tags: string[];
  victim: string | null;
}

const REPORT_COLUMNS = ['id', 'object_type', 'object_id', 'target_user_id', 'created_at', 'updated_at', 'resolved_at', 'resolved_by'] as const;

/** Every SQL statement of reports and their entries. */
export function createReportsRepository(db: Db) {
  return {
    /**
     * Files one person's report: it joins the thing's open report (or opens one), and the person's
     * entry replaces their earlier one, so that repeating a report never adds a reporter.
     */
    async file(r: NewReport): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const report = await trx.insertInto('reports')
          .values({ id: r.id, object_type: r.objectType, object_id: r.objectId, target_user_id: r.targetUserId })
          .onConflict((oc) => oc.columns(['object_type', 'object_id']).where('resolved_at', 'is', null).doUpdateSet({ updated_at: sql<Date>`now()` }))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('report_entries')
          .values({ report_id: report.id, reporter_id: r.reporterId, tags: r.tags, victim: r.victim })
          .onConflict((oc) => oc.columns(['report_id', 'reporter_id']).doUpdateSet({ tags: r.tags, victim: r.victim }))
          .execute();
        return report.id;
      });
    },

    /** Open (or resolved) reports, newest first, before `maxId`; `limit` of them. */
    page(resolved: boolean, maxId: string | null, limit: number) {
      let q = db.selectFrom('reports').select(REPORT_COLUMNS).where('resolved_at', resolved ? 'is not' : 'is', null);
      if (maxId) q = q.where('id', '<', maxId);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    find(id: string) {
      return db.selectFrom('reports').select(REPORT_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The resolved reports of one thing, newest first. */
    resolvedOf(objectType: string, objectId: string, limit: number) {
      return db.selectFrom('reports').select(REPORT_COLUMNS)
        .where('object_type', '=', objectType).where('object_id', '=', objectId).where('resolved_at', 'is not', null)
        .orderBy('id', 'desc').limit(limit).execute();
    },

    /** How many reporters chose each most precise reason, per report (their sum is the reporter count). */
    reasons(reportIds: readonly string[]): Promise<{ report_id: string; tag_type: string; count: number }[]> {
      if (reportIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('report_entries')
        .select(['report_id', sql<string>`tags[cardinality(tags)]`.as('tag_type'), sql<number>`count(*)::int`.as('count')])
        .where('report_id', 'in', [...reportIds])
        .groupBy(['report_id', sql`tags[cardinality(tags)]`])
        .execute();
    },

    /** Resolves an open report; answers who reported it, or null when it was not open. */
    async resolve(id: string, moderatorId: string): Promise<string[] | null> {
      return db.transaction().execute(async (trx) => {
        const done = await trx.updateTable('reports').set({ resolved_at: sql<Date>`now()`, resolved_by: moderatorId })
          .where('id', '=', id).where('resolved_at', 'is', null).returning('id').executeTakeFirst();
        if (!done) return null;
        const rows = await trx.selectFrom('report_entries').select('reporter_id').where('report_id', '=', id).execute();
        return rows.map((r) => r.reporter_id);
      });
    },

    /** Opens a resolved report again; false when it was not resolved (or is absent). */
    async reopen(id: string): Promise<boolean> {
      try {
        const done = await db.updateTable('reports').set({ resolved_at: null, resolved_by: null })
          .where('id', '=', id).where('resolved_at', 'is not', null).returning('id').executeTakeFirst();
        return done !== undefined;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('This was reported again since: the newer open report stands, so this one stays resolved.');
        throw err;
      }
    },

    /** How many open reports are about each of these people. */
    async openCountAbout(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('reports').select(['target_user_id', sql<number>`count(*)::int`.as('n')])
        .where('target_user_id', 'in', [...userIds]).where('resolved_at', 'is', null).groupBy('target_user_id').execute();
      return new Map(rows.map((r) => [r.target_user_id, r.n]));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
