import { describe, expect, it } from 'vitest';
import type { ManageAccess } from '@shutter/contract';
import { appRevoked, inviteAccepted, inviteDeclined, rowsOf } from './manage-access-state';

const data: ManageAccess = {
  authorizations: [
    { app_id: 'a1', app_name: 'Frame', app_description: '', privacy_policy: null, scopes: ['read'], status: 'active', authorized_at: 100, expired_at: null, removed_at: null },
    { app_id: 'a2', app_name: 'Old', app_description: '', privacy_policy: null, scopes: ['read', 'write'], status: 'expired', authorized_at: 50, expired_at: 90, removed_at: null },
  ],
  invites: [{ app_id: 'b1', app_name: 'Beta', accepted_at: null }, { app_id: 'b2', app_name: 'Gamma', accepted_at: null }],
  status: 'ok',
};

describe('connected apps list', () => {
  it('R-001-connected-apps-1: accepting an invite moves it from pending to accepted with the server accepted_time', () => {
    const next = inviteAccepted(data, 'b1', 1234);
    expect(next.invites).toEqual([{ app_id: 'b1', app_name: 'Beta', accepted_at: 1234 }, { app_id: 'b2', app_name: 'Gamma', accepted_at: null }]);
    expect(data.invites[0]!.accepted_at).toBeNull();
  });

  it('R-001-connected-apps-2: declining an invite removes it', () => {
    expect(inviteDeclined(data, 'b1').invites.map((i) => i.app_id)).toEqual(['b2']);
  });

  it('R-001-connected-apps-3: revoking an app removes its authorization from the active list', () => {
    const next = appRevoked(data, 'a1', 200);
    expect(rowsOf(next, 'active').filter((r) => r.kind === 'app')).toEqual([]);
    expect(rowsOf(next, 'expired')).toEqual([
      { kind: 'app', app: expect.objectContaining({ app_id: 'a1', status: 'removed', removed_at: 200 }) },
      { kind: 'app', app: expect.objectContaining({ app_id: 'a2', status: 'expired' }) },
    ]);
  });

  it('shows invitations on the active tab only, before the apps', () => {
    expect(rowsOf(data, 'active').map((r) => r.kind)).toEqual(['invite', 'invite', 'app']);
    expect(rowsOf(data, 'expired').map((r) => r.kind)).toEqual(['app']);
  });
});
