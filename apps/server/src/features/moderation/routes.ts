import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API, accountActionBody, adminListQuery, isId, reportRemoveBody } from '@shutter/contract';
import {
  adminAccountDetail, adminAppeals, adminReportDetail, adminReports, auditLog, moderationDone, strike as strikeSchema,
} from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import type { Appeals } from './appeals.js';
import type { Moderation } from './service.js';

const idParams = z.object({ id: z.string().refine(isId, 'id must be a number.') });
const userParams = z.object({ user_id: z.string().refine(isId, 'user_id must be a number.') });
const strikeParams = z.object({ strike_id: z.string().refine(isId, 'strike_id must be a number.') });
const noteBody = z.object({ text: z.string().trim().max(1000).optional() }).optional();
const tags = ['moderation'];
const STAFF_ONLY = 'Moderators and admins only: 401 logged out, 403 `not_moderator` for anyone else.';

/** The admin API (Mastodon's shapes), staff only. */
export function registerModerationRoutes(app: FastifyInstance, moderation: Moderation, appeals: Appeals): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The acting moderator: checked before anything is read. */
  const staff = async (request: FastifyRequest) => {
    const viewerId = request.session?.user.id ?? null;
    await moderation.requireStaff(viewerId);
    return viewerId!;
  };
  const read = (summary: string) => ({ tags, summary, description: STAFF_ONLY, security: SECURITY.session });
  const write = (summary: string) => ({ tags, summary, description: STAFF_ONLY, security: SECURITY.sessionAndCsrf });

  r.get(`${ADMIN_API}/reports/`, { schema: { ...read('Reports: open ones (or resolved=true), newest first'), querystring: adminListQuery, response: { 200: adminReports } } }, async (request) => {
    await staff(request);
    const resolved = request.query.resolved === 'true' || request.query.resolved === '1';
    return moderation.reportsPage(resolved, request.query.max_id ?? null, request.query.limit);
  });

  r.get(`${ADMIN_API}/reports/:id/`, { schema: { ...read('One report: its thing, earlier reports, history and the owner\'s strikes'), params: idParams, response: { 200: adminReportDetail } } }, async (request) => {
    await staff(request);
    return moderation.reportDetail(request.params.id);
  });

  r.post(`${ADMIN_API}/reports/:id/resolve/`, { schema: { ...write('Resolve without action (dismiss); reporters are told it was reviewed'), params: idParams, body: noteBody, response: { 200: moderationDone } } }, async (request) =>
    moderation.dismiss(await staff(request), request.params.id, request.body?.text ?? ''));

  r.post(`${ADMIN_API}/reports/:id/reopen/`, { schema: { ...write('Open a resolved report again'), params: idParams, response: { 200: moderationDone } } }, async (request) =>
    moderation.reopen(await staff(request), request.params.id));

  r.post(`${ADMIN_API}/reports/:id/remove/`, { schema: { ...write('Remove the reported thing (a person: suspend), strike its owner, resolve'), params: idParams, body: reportRemoveBody.optional(), response: { 200: moderationDone } } }, async (request) =>
    moderation.removeReported(await staff(request), request.params.id, request.body?.text ?? ''));

  r.get(`${ADMIN_API}/accounts/:user_id/`, { schema: { ...read('A person with their standing and strikes'), params: userParams, response: { 200: adminAccountDetail } } }, async (request) => {
    await staff(request);
    return moderation.account(request.params.user_id);
  });

  r.post(`${ADMIN_API}/accounts/:user_id/action/`, {
    schema: { ...write('Act on an account: none (a warning), sensitive, silence (limit) or suspend'),
      params: userParams, body: accountActionBody, response: { 200: moderationDone },
      description: `${STAFF_ONLY} With report_id, the report (about this account) is resolved. sensitive marks the reported post, or every post of the account. suspend ends the account's sessions; its data is kept for SUSPENSION_RETENTION_DAYS.` },
  }, async (request) => moderation.accountAction(await staff(request), request.params.user_id, request.body.type, request.body.report_id, request.body.text ?? ''));

  r.post(`${ADMIN_API}/accounts/:user_id/unsuspend/`, { schema: { ...write('Lift a suspension'), params: userParams, response: { 200: moderationDone } } }, async (request) =>
    moderation.unsuspend(await staff(request), request.params.user_id));

  r.post(`${ADMIN_API}/accounts/:user_id/unsilence/`, { schema: { ...write('Lift a limit'), params: userParams, response: { 200: moderationDone } } }, async (request) =>
    moderation.unsilence(await staff(request), request.params.user_id));

  r.get(`${ADMIN_API}/audit_log/`, { schema: { ...read('The audit log: who did what, to whom, when; newest first'), querystring: adminListQuery, response: { 200: auditLog } } }, async (request) => {
    await staff(request);
    return moderation.auditLog(request.query.max_id ?? null, request.query.limit);
  });

  r.get(`${ADMIN_API}/appeals/`, { schema: { ...read('Appeals: pending first, then decided ones'), querystring: adminListQuery, response: { 200: adminAppeals } } }, async (request) => {
    await staff(request);
    return appeals.list(request.query.max_id ?? null);
  });

  const decided = z.object({ strike: strikeSchema, status: z.literal('ok') });
  for (const [path, state, summary] of [['accept', 'accepted', 'Accept an appeal: the decision is undone'], ['reject', 'rejected', 'Reject an appeal: the decision stands']] as const) {
    r.post(`${ADMIN_API}/appeals/:strike_id/${path}/`, { schema: { ...write(summary), params: strikeParams, response: { 200: decided } } }, async (request) =>
      appeals.decide(await staff(request), request.params.strike_id, state));
  }
}
