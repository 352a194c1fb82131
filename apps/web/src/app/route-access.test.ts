import { describe, expect, it } from 'vitest';
import { normalizePathname } from '@shutter/contract';
import { isCreatePath } from '../lib/create-path';
import { accessFor, guardRedirect } from './route-access';

describe('route guards', () => {
  it('R-000-routes-1: pathnames are normalized to end with a trailing slash', () => {
    expect(normalizePathname('/explore')).toBe('/explore/');
    expect(normalizePathname('/alice/')).toBe('/alice/');
  });

  it('R-000-routes-4: a logged-out visitor on a protected page goes to login with source logged_out_redirect', () => {
    const to = guardRedirect('protected', false, '/direct/inbox/', '?x=1');
    const url = new URL(to ?? '', 'https://shutter.test');
    expect(url.pathname).toBe('/accounts/login/');
    expect(url.searchParams.get('next')).toBe('/direct/inbox/?x=1');
    expect(url.searchParams.get('source')).toBe('logged_out_redirect');
    expect(guardRedirect('protected', true, '/direct/inbox/', '')).toBeNull();
  });

  it('R-000-routes-5: a logged-in visitor on a login-only page goes to /', () => {
    expect(guardRedirect('loginOnly', true, '/accounts/login/', '')).toBe('/');
    expect(guardRedirect('loginOnly', true, '/accounts/login/', '?next=%2Fexplore%2F')).toBe('/explore/');
    expect(guardRedirect('loginOnly', true, '/accounts/login/', '?next=https%3A%2F%2Fevil.test')).toBe('/');
    expect(guardRedirect('loginOnly', false, '/accounts/login/', '')).toBeNull();
    expect(guardRedirect('public', false, '/alice/', '')).toBeNull();
  });

  it('R-000-routes-20: any path containing /create/ is the creation flow, for logged-in viewers', () => {
    expect(isCreatePath('/create/style/')).toBe(true);
    expect(isCreatePath('/alice/create/details/')).toBe(true);
    expect(isCreatePath('/creators/')).toBe(false);
    const handle = { access: (p: string) => (isCreatePath(p) ? 'protected' : 'public') } as const;
    expect(accessFor(handle, '/create/style/')).toBe('protected');
    expect(accessFor(handle, '/nope/x/')).toBe('public');
    expect(accessFor(undefined, '/')).toBe('public');
  });
});
