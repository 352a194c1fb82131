import { describe, expect, it } from 'vitest';
import type { SharedData } from '@shutter/contract';
import { viewerIsStaff } from './staff';

const viewer = { id: '1', username: 'mod', full_name: '', has_profile_pic: false, profile_pic_url: '', profile_pic_url_hd: '' };
const shared = (over: Partial<SharedData>): SharedData => ({
  config: { viewer, csrf_token: 't' }, gdpr_required: false, tos_version: 'v', language_code: 'en', direct: { enabled: true, desktop: true }, status: 'ok', ...over,
});

describe('who the web client treats as staff', () => {
  it('moderators and admins are staff, members are not, and a visitor never is', () => {
    expect(viewerIsStaff(shared({ role: 'moderator' }))).toBe(true);
    expect(viewerIsStaff(shared({ role: 'admin' }))).toBe(true);
    expect(viewerIsStaff(shared({ role: 'member' }))).toBe(false);
    expect(viewerIsStaff(shared({ config: { viewer: null, csrf_token: 't' } }))).toBe(false);
  });

  it('without a role in the shared data it does not guess: the admin API decides', () => {
    expect(viewerIsStaff(shared({}))).toBeNull();
  });
});
