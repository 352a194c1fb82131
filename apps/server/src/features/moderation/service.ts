import {
  SUSPENSION_RETENTION_DAYS, isStaffRole, type AccountActionType, type AdminReportDetail, type AdminReportsAnswer, type AuditLogAnswer,
  type ModerationActionKind, type Role,
} from '@shutter/contract';
import type { Db } from '../../db/database.js';
import type { StrikeAction } from '../../db/schema.js';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import { createSessionRepository } from '../../platform/session.repository.js';
import type { Activity } from '../activity/service.js';
import type { Reports, ReportRow } from '../reports/service.js';
import type { ModerationPresenter } from './present.js';
import type { ModerationRepository } from './repository.js';
import type { Things, ThingRef } from './things.js';
import { ownerNotice, reporterNotice, type Outcome } from './notices.js';

export interface ModerationDeps {
  repo: ModerationRepository;
  present: ModerationPresenter;
  things: Things;
  reports: Reports;
  activity: Pick<Activity, 'notify'>;
  nextId: IdGenerator;
  /** Drops the cached sessions of a suspended person (the rows go in the suspension's transaction). */
  forgetSessions: (userId: string) => void;
  /** Drops cached summaries of posts whose sensitive mark changed. */
  postsChanged: (...ids: string[]) => Promise<void>;
}

const notModerator = () => new HttpError(403, 'Only moderators can do that.', { error_type: 'not_moderator' });
const DEFAULT_RULE = 'our Community Guidelines';
const PAGE = 20;

/** A report's rule, in the words of its most chosen reason; else the moderator's note. */
const ruleOf = (report: ReportRow | undefined, text: string) => report?.reasons[0]?.tag_text ?? (text || DEFAULT_RULE);

/**
 * Moderation: staff act on reports and accounts; every action and its audit line commit in one
 * transaction, and what it hides, the access rules hide everywhere at once (features/access reads
 * `moderation_removals` and `account_standing`). Reporters and owners are told in activity.
 */
export function createModeration(deps: ModerationDeps) {
  const { repo, present, things, reports, activity, nextId } = deps;

  async function requireStaff(viewerId: string | null): Promise<Role> {
    if (!viewerId) throw unauthorized();
    const role = await repo.roleOf(viewerId);
    if (!isStaffRole(role)) throw notModerator();
    return role;
  }

  async function findReport(reportId: string): Promise<ReportRow> {
    const report = await reports.get(reportId);
    if (!report) throw notFound('No such report.');
    return report;
  }

  async function openReport(reportId: string): Promise<ReportRow> {
    const report = await findReport(reportId);
    if (report.resolved_at) throw conflict('This report is already resolved. Reopen it first.');
    return report;
  }

  interface Act {
    moderatorId: string;
    action: ModerationActionKind;
    targetUserId: string | null;
    report?: ReportRow;
    thing?: ThingRef | null;
    text: string;
  }

  /** The audit line of an action, in its transaction. */
  const log = (trx: Db, a: Act) => repo.logAction(trx, {
    id: nextId(), moderator_id: a.moderatorId, action: a.action, target_user_id: a.targetUserId, report_id: a.report?.id ?? null,
    object_type: a.thing?.object_type ?? null, object_id: a.thing?.object_id ?? null, text: a.text,
  });

  /** A strike for the owner, in the action's transaction; answers its id. */
  async function strike(trx: Db, a: Act & { targetUserId: string }, action: StrikeAction): Promise<string> {
    const id = nextId();
    await repo.insertStrike(trx, {
      id, user_id: a.targetUserId, action, rule: ruleOf(a.report, a.text), text: a.text,
      object_type: a.thing?.object_type ?? null, object_id: a.thing?.object_id ?? null, report_id: a.report?.id ?? null,
    });
    return id;
  }

  /** After the action committed: the report closes and its reporters hear the outcome. */
  async function closeReport(report: ReportRow | undefined, moderatorId: string, outcome: Outcome): Promise<void> {
    if (!report) return;
    // Resolved meanwhile by another moderator: they told the reporters.
    const done = await reports.resolve(report.id, moderatorId);
    if (done) await activity.notify(done.reporterIds.map((userId) => ({ userId, type: 'report_reviewed' as const, text: reporterNotice(outcome, report.object_type) })));
  }

  async function answerReport(reportId: string | undefined) {
    if (!reportId) return { report: null, status: 'ok' as const };
    const row = await reports.get(reportId);
    return { report: row ? (await present.reports([row]))[0]! : null, status: 'ok' as const };
  }

  async function suspend(trx: Db, userId: string): Promise<void> {
    const now = new Date();
    await repo.setSuspended(trx, userId, now, new Date(now.getTime() + SUSPENSION_RETENTION_DAYS * 86_400_000));
    await createSessionRepository(trx).endAllOf(userId, null);
  }

  async function ownerOf(ref: ThingRef): Promise<string> {
    const judged = (await things.many([ref])).get(`${ref.object_type}:${ref.object_id}`);
    if (!judged?.ownerId) throw notFound('This was deleted by its owner.');
    return judged.ownerId;
  }

  function refuseSelf(moderatorId: string, userId: string) {
    if (moderatorId === userId) throw badRequest("You can't act on your own account.");
  }

  /** Mastodon's account action: none (a warning), sensitive, silence (limit) or suspend. */
  async function accountAction(moderatorId: string, userId: string, type: AccountActionType, reportId?: string, text = '') {
    refuseSelf(moderatorId, userId);
    // A resolved report still names why the owner is limited or suspended: removing a post and then
    // suspending its owner is one review. A warning or a mark is the report's own outcome, once.
    const beyondTheThing = type === 'silence' || type === 'suspend';
    const report = !reportId ? undefined : beyondTheThing ? await findReport(reportId) : await openReport(reportId);
    if (report && report.target_user_id !== userId) throw badRequest('That report is about someone else.');
    if (!(await present.accounts([userId])).get(userId)?.username) throw notFound('No such account.');
    const reported: ThingRef | null = report ? { object_type: report.object_type, object_id: report.object_id } : null;
    const kind = ({ none: 'warn', sensitive: 'sensitive', silence: 'silence', suspend: 'suspend' } as const)[type];
    // `sensitive` with a report about a post marks that post; otherwise every post of the account.
    const posts = type !== 'sensitive' ? [] : reported?.object_type === 'media' ? [reported.object_id] : await things.posts.idsOfOwner(userId);
    const thing = type === 'sensitive' ? (reported?.object_type === 'media' ? reported : null) : reported;
    const act: Act & { targetUserId: string } = { moderatorId, action: kind, targetUserId: userId, report, thing, text };
    await repo.transaction(async (trx) => {
      await strike(trx, act, kind);
      if (type === 'sensitive') await things.posts.setSensitive(trx, posts, new Date());
      if (type === 'silence') await repo.setLimited(trx, userId, new Date());
      if (type === 'suspend') await suspend(trx, userId);
      await log(trx, act);
    });
    if (type === 'suspend') deps.forgetSessions(userId);
    if (posts.length) await deps.postsChanged(...posts);
    await activity.notify([{ userId, type: 'strike', text: ownerNotice(kind, thing?.object_type ?? 'user', ruleOf(report, text)) }]);
    await closeReport(report, moderatorId, type === 'none' ? 'warned' : 'account_action');
    return answerReport(reportId);
  }

  /** Lifts a suspension or a limit; its strikes are marked undone. */
  async function undoStanding(moderatorId: string, userId: string, what: 'suspend' | 'silence') {
    const standing = (await repo.standingOf([userId])).get(userId);
    if (!(what === 'suspend' ? standing?.suspended : standing?.limited)) throw badRequest(what === 'suspend' ? 'This account is not suspended.' : 'This account is not limited.');
    await repo.transaction(async (trx) => {
      if (what === 'suspend') await repo.setSuspended(trx, userId, null, null);
      else await repo.setLimited(trx, userId, null);
      await repo.reverse(trx, await repo.openStrikes(trx, userId, what));
      await log(trx, { moderatorId, action: what === 'suspend' ? 'unsuspend' : 'unsilence', targetUserId: userId, text: '' });
    });
  }

  return {
    requireStaff,

    async reportsPage(resolved: boolean, maxId: string | null, limit = PAGE): Promise<AdminReportsAnswer> {
      const page = await reports.list({ resolved, maxId: maxId ?? undefined, limit });
      return { reports: await present.reports(page.rows), next_max_id: page.nextMaxId, status: 'ok' };
    },

    async reportDetail(reportId: string): Promise<AdminReportDetail> {
      const row = await reports.get(reportId);
      if (!row) throw notFound('No such report.');
      const earlier = (await reports.earlierOf(row.object_type, row.object_id)).filter((r) => r.id !== row.id);
      const [presented, history, strikes] = await Promise.all([
        present.reports([row, ...earlier]),
        repo.historyOf(row.id, row.object_type, row.object_id).then(present.audit),
        repo.strikesOf(row.target_user_id).then(present.strikes),
      ]);
      return { report: presented[0]!, earlier_reports: presented.slice(1), history, owner_strikes: strikes, status: 'ok' };
    },

    async auditLog(maxId: string | null, limit = PAGE): Promise<AuditLogAnswer> {
      const rows = await repo.auditLog(maxId, limit);
      const page = rows.slice(0, limit);
      return { entries: await present.audit(page), next_max_id: rows.length > limit ? page[page.length - 1]!.id : null, status: 'ok' };
    },

    async account(userId: string) {
      const accounts = await present.accounts([userId]);
      const account = accounts.get(userId);
      if (!account || !account.username) throw notFound('No such account.');
      return { account, strikes: await present.strikes(await repo.strikesOf(userId)), status: 'ok' as const };
    },

    /** Resolve without action: a dismissal. */
    async dismiss(moderatorId: string, reportId: string, text = '') {
      const report = await openReport(reportId);
      await repo.transaction((trx) => log(trx, { moderatorId, action: 'dismiss', targetUserId: report.target_user_id, report, thing: report, text }));
      await closeReport(report, moderatorId, 'no_violation');
      return answerReport(reportId);
    },

    async reopen(moderatorId: string, reportId: string) {
      const report = await reports.get(reportId);
      if (!report) throw notFound('No such report.');
      if (!(await reports.reopen(reportId))) throw conflict('This report is open already.');
      await repo.transaction((trx) => log(trx, { moderatorId, action: 'reopen', targetUserId: report.target_user_id, report, thing: report, text: '' }));
      return answerReport(reportId);
    },

    /** Takes down the reported thing (a person: suspends them), strikes its owner and resolves the report. */
    async removeReported(moderatorId: string, reportId: string, text = '') {
      const report = await openReport(reportId);
      if (report.object_type === 'user') return accountAction(moderatorId, report.object_id, 'suspend', reportId, text);
      const ref: ThingRef = { object_type: report.object_type, object_id: report.object_id };
      const ownerId = await ownerOf(ref);
      refuseSelf(moderatorId, ownerId);
      const act: Act & { targetUserId: string } = { moderatorId, action: 'remove', targetUserId: ownerId, report, thing: ref, text };
      await repo.transaction(async (trx) => {
        const strikeId = await strike(trx, act, 'remove');
        await repo.addRemoval(trx, ref.object_type, ref.object_id, strikeId);
        await log(trx, act);
      });
      await activity.notify([{ userId: ownerId, type: 'strike', text: ownerNotice('remove', ref.object_type, ruleOf(report, text)) }]);
      await closeReport(report, moderatorId, 'removed');
      return answerReport(reportId);
    },

    accountAction,

    async unsuspend(moderatorId: string, userId: string) {
      await undoStanding(moderatorId, userId, 'suspend');
      return { report: null, status: 'ok' as const };
    },

    async unsilence(moderatorId: string, userId: string) {
      await undoStanding(moderatorId, userId, 'silence');
      return { report: null, status: 'ok' as const };
    },
  };
}
export type Moderation = ReturnType<typeof createModeration>;
