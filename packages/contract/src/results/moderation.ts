import { z } from 'zod';
import { ROLES } from '../moderation.js';
import { REPORT_OBJECT_TYPES } from '../reports.js';
import { idString } from './common.js';

const objectType = z.enum(REPORT_OBJECT_TYPES);
const isoTime = z.string().describe('ISO 8601.');
const actionKind = z.enum(['dismiss', 'reopen', 'remove', 'sensitive', 'warn', 'silence', 'suspend', 'unsuspend', 'unsilence', 'appeal_accepted', 'appeal_rejected']);

export const adminAccount = z.object({
  id: idString,
  username: z.string(),
  full_name: z.string(),
  profile_pic_url: z.string(),
  role: z.enum(ROLES),
  limited: z.boolean(),
  suspended: z.boolean(),
  strike_count: z.number().int(),
}).meta({ id: 'AdminAccount', description: 'A person as the moderation screens show them.' });

export const reportedThing = z.object({
  object_type: objectType,
  object_id: z.string(),
  url: z.string().nullable(),
  text: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  removed: z.boolean(),
  sensitive: z.boolean(),
}).meta({ id: 'ReportedThing' });

export const adminReport = z.object({
  id: idString,
  action_taken: z.boolean(),
  action_taken_at: isoTime.nullable(),
  action_taken_by_account: adminAccount.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  reasons: z.array(z.object({ tag_type: z.string(), tag_text: z.string(), count: z.number().int() })),
  reporter_count: z.number().int(),
  target_account: adminAccount,
  thing: reportedThing,
}).meta({ id: 'AdminReport' });

export const adminReports = z.object({ reports: z.array(adminReport), next_max_id: idString.nullable(), status: z.literal('ok') }).meta({ id: 'AdminReports' });

export const auditEntry = z.object({
  id: idString,
  action: actionKind,
  created_at: isoTime,
  account: adminAccount,
  target_account: adminAccount.nullable(),
  report_id: idString.nullable(),
  object_type: objectType.nullable(),
  object_id: z.string().nullable(),
  text: z.string(),
}).meta({ id: 'AuditEntry', description: 'One line of the audit log: who did what, to whom, when.' });

export const auditLog = z.object({ entries: z.array(auditEntry), next_max_id: idString.nullable(), status: z.literal('ok') }).meta({ id: 'AuditLog' });

export const strike = z.object({
  id: idString,
  action: z.enum(['remove', 'sensitive', 'warn', 'silence', 'suspend']),
  rule: z.string(),
  text: z.string(),
  created_at: isoTime,
  thing: reportedThing.nullable(),
  appeal: z.object({ text: z.string(), created_at: isoTime, state: z.enum(['pending', 'accepted', 'rejected']) }).nullable(),
  reversed: z.boolean(),
}).meta({ id: 'Strike', description: 'A strike as its owner sees it, with the appeal.' });

export const strikesAnswer = z.object({ strikes: z.array(strike), suspended: z.boolean(), status: z.literal('ok') }).meta({ id: 'Strikes' });

export const adminReportDetail = z.object({
  report: adminReport,
  earlier_reports: z.array(adminReport),
  history: z.array(auditEntry),
  owner_strikes: z.array(strike),
  status: z.literal('ok'),
}).meta({ id: 'AdminReportDetail' });

export const adminAccountDetail = z.object({ account: adminAccount, strikes: z.array(strike), status: z.literal('ok') }).meta({ id: 'AdminAccountDetail' });

export const adminAppeal = z.object({ strike, account: adminAccount }).meta({ id: 'AdminAppeal' });
export const adminAppeals = z.object({ appeals: z.array(adminAppeal), next_max_id: idString.nullable(), status: z.literal('ok') }).meta({ id: 'AdminAppeals' });

/** The answer of an action: the report as it now stands, when the action was about one. */
export const moderationDone = z.object({ report: adminReport.nullable(), status: z.literal('ok') }).meta({ id: 'ModerationDone' });


/** A login refused to a suspended account (400), after a right password only. */
export const accountSuspended = z.object({
  authenticated: z.literal(false),
  status: z.literal('fail'),
  error_type: z.literal('account_suspended'),
  message: z.string(),
  appeal_token: z.string().describe('Lets the person read their strikes and appeal without a session (GET /api/v1/strikes/?appeal_token=...), for APPEAL_TOKEN_TTL_MINUTES.'),
  suspended_path: z.string(),
}).meta({ id: 'AccountSuspended' });
