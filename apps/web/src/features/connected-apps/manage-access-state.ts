import type { AppAuthorization, AppInvite, ManageAccess } from '@shutter/contract';

/** The list's two tabs: apps that work now, and those that expired or were removed. */
export type AccessTab = 'active' | 'expired';

export type AccessRow =
  | { kind: 'invite'; invite: AppInvite }
  | { kind: 'app'; app: AppAuthorization };

/** What a tab shows: pending and accepted invitations first (on the active tab), then the apps. */
export function rowsOf(data: ManageAccess, tab: AccessTab): AccessRow[] {
  const apps = data.authorizations.filter((a) => (tab === 'active' ? a.status === 'active' : a.status !== 'active'));
  const invites = tab === 'active' ? data.invites.map((invite): AccessRow => ({ kind: 'invite', invite })) : [];
  return [...invites, ...apps.map((app): AccessRow => ({ kind: 'app', app }))];
}

/** Accepting moves the invitation from pending to accepted, at the time the server answered. */
export const inviteAccepted = (data: ManageAccess, appId: string, acceptedTime: number): ManageAccess => ({
  ...data,
  invites: data.invites.map((i) => (i.app_id === appId ? { ...i, accepted_at: acceptedTime } : i)),
});

/** Declining removes the invitation. */
export const inviteDeclined = (data: ManageAccess, appId: string): ManageAccess => ({
  ...data,
  invites: data.invites.filter((i) => i.app_id !== appId),
});

/** Revoking takes the app off the active list; it stays among the expired ones, marked removed. */
export const appRevoked = (data: ManageAccess, appId: string, nowS: number): ManageAccess => ({
  ...data,
  authorizations: data.authorizations.map((a) => (a.app_id === appId && a.status === 'active' ? { ...a, status: 'removed', removed_at: nowS } : a)),
});
