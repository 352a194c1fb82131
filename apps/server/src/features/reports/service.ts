import type { ReportObjectType } from '@shutter/contract';
import { reasonText } from './reasons.js';
import type { ReportsRepository } from './repository.js';

/** A report as the moderation side reads it: every open report of one thing, with its reasons counted. */
export interface ReportRow {
  id: string;
  object_type: ReportObjectType;
  object_id: string;
  target_user_id: string;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
  reporter_count: number;
  /** The most precise reasons chosen, the most chosen first. */
  reasons: { tag_type: string; tag_text: string; count: number }[];
}

type StoredReport = Awaited<ReturnType<ReportsRepository['page']>>[number];

/** How many earlier reports of one thing are shown. */
const EARLIER_MAX = 50;

/** Reports for the moderators: the queues, one report, its thing's history, resolving and reopening. */
export function createReports(repo: ReportsRepository) {
  /** Each report with its reasons and reporter count, from one read for the whole page. */
  async function withReasons(reports: StoredReport[]): Promise<ReportRow[]> {
    const counts = await repo.reasons(reports.map((r) => r.id));
    return reports.map((r) => {
      const reasons = counts.filter((c) => c.report_id === r.id)
        .map((c) => ({ tag_type: c.tag_type, tag_text: reasonText(c.tag_type), count: c.count }))
        .sort((a, b) => b.count - a.count || a.tag_type.localeCompare(b.tag_type));
      return {
        ...r,
        object_type: r.object_type as ReportObjectType,
        reporter_count: reasons.reduce((n, c) => n + c.count, 0),
        reasons,
      };
    });
  }

  return {
    /** Open reports (or resolved ones), newest first; `nextMaxId` continues the list. */
    async list({ resolved, maxId, limit }: { resolved: boolean; maxId?: string | null; limit: number }): Promise<{ rows: ReportRow[]; nextMaxId: string | null }> {
      const found = await repo.page(resolved, maxId ?? null, limit + 1);
      const rows = await withReasons(found.slice(0, limit));
      return { rows, nextMaxId: found.length > limit ? rows[rows.length - 1]!.id : null };
    },

    async get(id: string): Promise<ReportRow | undefined> {
      const found = await repo.find(id);
      return found ? (await withReasons([found]))[0] : undefined;
    },

    /** The resolved reports of the same thing, newest first: what moderators decided before. */
    async earlierOf(objectType: ReportObjectType, objectId: string): Promise<ReportRow[]> {
      return withReasons(await repo.resolvedOf(objectType, objectId, EARLIER_MAX));
    },

    /** Resolves an open report: who reported it (to tell them), or null when it was not open. */
    async resolve(id: string, moderatorId: string): Promise<{ reporterIds: string[] } | null> {
      const reporterIds = await repo.resolve(id, moderatorId);
      return reporterIds ? { reporterIds } : null;
    },

    /** Opens a resolved report again; false when it is not resolved; 409 when the thing has an open report already. */
    reopen: (id: string): Promise<boolean> => repo.reopen(id),

    /** Open reports about each of these people. */
    openCountAbout: (userIds: readonly string[]) => repo.openCountAbout(userIds),
  };
}
export type Reports = ReturnType<typeof createReports>;
