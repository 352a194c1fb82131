import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API, STRIKES_PATH,
  type AccountActionType, type AdminAppealsAnswer, type AdminReportDetail, type AdminReportsAnswer, type AuditLogAnswer, type StrikesAnswer,
} from '@shutter/contract';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { readItem, removeItem, writeItem } from '../../lib/storage';

/** The moderation resource: the admin API's reports, audit log and appeals, and a person's own strikes. */

export const MODERATION_KEY = 'moderation';
export const adminReportsKey = (resolved: boolean) => [MODERATION_KEY, 'reports', resolved] as const;
export const adminReportKey = (id: string) => [MODERATION_KEY, 'report', id] as const;
export const auditLogKey = [MODERATION_KEY, 'audit-log'] as const;
export const appealsKey = [MODERATION_KEY, 'appeals'] as const;
export const strikesKey = (token: string | null) => [MODERATION_KEY, 'strikes', token ?? 'session'] as const;

/** The admin API answers anyone without a role 403: the screens then show nothing of it. */
export const isNotStaff = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 401);

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

// A member is not staff: asking again will not change that.
const retryUnlessRefused = (count: number, error: unknown) => !isNotStaff(error) && !(error instanceof ApiError && error.status === 404) && count < 2;

export function useAdminReports(resolved: boolean) {
  return useInfiniteQuery({
    queryKey: adminReportsKey(resolved),
    queryFn: ({ pageParam }) =>
      apiGet<AdminReportsAnswer>(withQuery(`${ADMIN_API}/reports/`, { resolved: resolved ? 'true' : null, max_id: pageParam }), { result: (r) => r.adminReports }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_max_id,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useAdminReport(id: string) {
  return useQuery({
    queryKey: adminReportKey(id),
    queryFn: () => apiGet<AdminReportDetail>(`${ADMIN_API}/reports/${encodeURIComponent(id)}/`, { result: (r) => r.adminReportDetail }),
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: auditLogKey,
    queryFn: ({ pageParam }) => apiGet<AuditLogAnswer>(withQuery(`${ADMIN_API}/audit_log/`, { max_id: pageParam }), { result: (r) => r.auditLog }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_max_id,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useAppeals() {
  return useInfiniteQuery({
    queryKey: appealsKey,
    queryFn: ({ pageParam }) => apiGet<AdminAppealsAnswer>(withQuery(`${ADMIN_API}/appeals/`, { max_id: pageParam }), { result: (r) => r.adminAppeals }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_max_id,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

/** What a moderator does from a report's page; each answers once the service has committed it. */
export type ReportAction =
  | { kind: 'dismiss' | 'reopen' | 'remove' }
  | { kind: 'account'; type: AccountActionType }
  | { kind: 'unsuspend' | 'unsilence' };

export function runReportAction(reportId: string, targetUserId: string, action: ReportAction, text: string) {
  const report = `${ADMIN_API}/reports/${encodeURIComponent(reportId)}`;
  const account = `${ADMIN_API}/accounts/${encodeURIComponent(targetUserId)}`;
  switch (action.kind) {
    case 'dismiss':
      return apiPost(`${report}/resolve/`, { text });
    case 'reopen':
      return apiPost(`${report}/reopen/`);
    case 'remove':
      return apiPost(`${report}/remove/`, { text });
    case 'account':
      return apiPost(`${account}/action/`, { type: action.type, report_id: reportId, text });
    case 'unsuspend':
      return apiPost(`${account}/unsuspend/`, { text });
    case 'unsilence':
      return apiPost(`${account}/unsilence/`, { text });
  }
}

export const decideAppeal = (strikeId: string, decision: 'accept' | 'reject') =>
  apiPost(`${ADMIN_API}/appeals/${encodeURIComponent(strikeId)}/${decision}/`);

/** After any moderation write every moderation list may have moved: they refetch. */
export function useRefreshModeration() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [MODERATION_KEY] });
}

const APPEAL_TOKEN_KEY = 'shutter.appeal-token';

/**
 * A refused login's appeal token: it lets the suspended person read their strikes and appeal
 * without a session. Kept for the tab only, never in the address (it would reach history and logs).
 */
export function keepAppealToken(token: string): void {
  writeItem(APPEAL_TOKEN_KEY, token, 'sessionStorage');
}
export const appealToken = (): string | null => readItem(APPEAL_TOKEN_KEY, 'sessionStorage');
export const forgetAppealToken = () => removeItem(APPEAL_TOKEN_KEY, 'sessionStorage');

/** The viewer's strikes, or with a token those of the suspended person it was given to. */
export function useStrikes(token: string | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: strikesKey(token),
    queryFn: () => apiGet<StrikesAnswer>(withQuery(STRIKES_PATH, { appeal_token: token }), { result: (r) => r.strikesAnswer }),
    enabled,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export const appealStrike = (strikeId: string, text: string, token: string | null) =>
  apiPost(`${STRIKES_PATH}${encodeURIComponent(strikeId)}/appeal/`, { text, appeal_token: token });
