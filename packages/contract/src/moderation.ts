import type { ReportObjectType } from './reports.js';

/**
 * Moderation: people with a role act on reports. The admin API has the shape of Mastodon's
 * (`/api/v1/admin/...`), behind the session and CSRF token like every other call; anyone without
 * the role gets 403 `not_moderator`.
 */

export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const isStaffRole = (role: Role) => role !== 'member';

export const ADMIN_REPORTS_PAGE_PATH = '/admin/reports/';
export const ADMIN_API = '/api/v1/admin';

/** How long a suspended account's data is kept so the decision can be undone. */
export const SUSPENSION_RETENTION_DAYS = 30;

/** `type` of POST /api/v1/admin/accounts/{user_id}/action/ (Mastodon's names; `silence` limits). */
export const ACCOUNT_ACTIONS = ['none', 'sensitive', 'silence', 'suspend'] as const;
export type AccountActionType = (typeof ACCOUNT_ACTIONS)[number];

/** What a moderator may do to the reported thing itself: POST /api/v1/admin/reports/{id}/remove/. */
export type ModerationActionKind =
  | 'dismiss' | 'reopen' | 'remove' | 'sensitive' | 'warn' | 'silence' | 'suspend' | 'unsuspend'
  | 'appeal_accepted' | 'appeal_rejected' | 'unsilence';

/** A person as the moderation screens show them. */
export interface AdminAccount {
  id: string;
  username: string;
  full_name: string;
  profile_pic_url: string;
  role: Role;
  limited: boolean;
  suspended: boolean;
  /** Strikes the account had before, newest first. */
  strike_count: number;
}

/** What a report is about, enough to judge it without opening it. */
export interface ReportedThing {
  object_type: ReportObjectType;
  object_id: string;
  /** A post's shortcode; the path to open it where it has a page (a post, a profile). */
  url: string | null;
  /** The words of a comment, message or caption; a post's or story's first image. */
  text: string | null;
  thumbnail_url: string | null;
  removed: boolean;
  sensitive: boolean;
}

/** One report: every open report of one thing, grouped (a person's repeated reports count once). */
export interface AdminReport {
  id: string;
  /** Open until a moderator resolves it. */
  action_taken: boolean;
  action_taken_at: string | null;
  action_taken_by_account: AdminAccount | null;
  created_at: string;
  updated_at: string;
  /** The reasons chosen, each with how many reporters chose it. */
  reasons: { tag_type: string; tag_text: string; count: number }[];
  reporter_count: number;
  target_account: AdminAccount;
  thing: ReportedThing;
}

/** GET /api/v1/admin/reports/ — open ones unless `resolved=true`; newest first; keyset by `max_id`. */
export interface AdminReportsAnswer {
  reports: AdminReport[];
  next_max_id: string | null;
  status: 'ok';
}

/** One line of the audit log. */
export interface AuditEntry {
  id: string;
  action: ModerationActionKind;
  created_at: string;
  account: AdminAccount;
  target_account: AdminAccount | null;
  report_id: string | null;
  object_type: ReportObjectType | null;
  object_id: string | null;
  text: string;
}

export interface AuditLogAnswer {
  entries: AuditEntry[];
  next_max_id: string | null;
  status: 'ok';
}

/** A strike as its owner sees it: what was done, under which rule, and the appeal. */
export interface Strike {
  id: string;
  action: 'remove' | 'sensitive' | 'warn' | 'silence' | 'suspend';
  /** The rule broken, in the words of the reason it was reported for. */
  rule: string;
  text: string;
  created_at: string;
  thing: ReportedThing | null;
  appeal: null | { text: string; created_at: string; state: 'pending' | 'accepted' | 'rejected' };
  /** Undone (an accepted appeal, or a moderator's unsuspend). */
  reversed: boolean;
}

export const STRIKES_PATH = '/api/v1/strikes/';
export const ACCOUNT_STRIKES_PAGE_PATH = '/accounts/strikes/';
export const SUSPENDED_PAGE_PATH = '/accounts/suspended/';

/** An appeal as moderators see it: the strike it is about and whose it is. */
export interface AdminAppeal {
  strike: Strike;
  account: AdminAccount;
}

/** The moderation screens of the web client (ADMIN_REPORTS_PAGE_PATH is the queue). */
export const ADMIN_AUDIT_LOG_PAGE_PATH = '/admin/audit_log/';
export const ADMIN_APPEALS_PAGE_PATH = '/admin/appeals/';

/** `error_type` of a login refused because the account is suspended (it carries `appeal_token`). */
export const ACCOUNT_SUSPENDED_ERROR = 'account_suspended';

/** GET STRIKES_PATH: the owner's strikes, newest first, and whether the account is suspended. */
export interface StrikesAnswer {
  strikes: Strike[];
  suspended: boolean;
  status: 'ok';
}

/** GET /api/v1/admin/reports/{id}/ */
export interface AdminReportDetail {
  report: AdminReport;
  earlier_reports: AdminReport[];
  /** The audit lines about this report and the thing it is about, newest first. */
  history: AuditEntry[];
  owner_strikes: Strike[];
  status: 'ok';
}

/** GET /api/v1/admin/accounts/{user_id}/ */
export interface AdminAccountDetail {
  account: AdminAccount;
  strikes: Strike[];
  status: 'ok';
}

/** GET /api/v1/admin/appeals/ — pending first, then decided ones; keyset by `max_id` (a strike id). */
export interface AdminAppealsAnswer {
  appeals: { strike: Strike; account: AdminAccount }[];
  next_max_id: string | null;
  status: 'ok';
}

/** What every moderator action answers: the report as it now stands, when the action was about one. */
export interface ModerationDoneAnswer {
  report: AdminReport | null;
  status: 'ok';
}

/** The refusal of a login (400) to a suspended account: the token lets the person read their strikes and appeal. */
export interface AccountSuspendedAnswer {
  authenticated: false;
  status: 'fail';
  error_type: 'account_suspended';
  message: string;
  appeal_token: string;
  suspended_path: string;
}

/** How long the login's appeal token is good for. */
export const APPEAL_TOKEN_TTL_MINUTES = 60;
export const APPEAL_TEXT_MAX = 1000;
export const ACCOUNT_SUSPENDED_MESSAGE = 'Your account has been suspended for going against our Community Guidelines. You can ask us to review this decision.';
