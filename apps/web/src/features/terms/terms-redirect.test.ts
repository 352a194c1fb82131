import { describe, expect, it } from 'vitest';
import { continueTo, termsRedirect, withNext } from './terms-redirect';

describe('terms redirect', () => {
  it('a viewer with new terms waiting goes to the terms start from any page, keeping where they were going', () => {
    expect(termsRedirect('new_terms', '/', '')).toBe('/terms/start/');
    expect(termsRedirect('new_terms', '/explore/', '?q=1')).toBe('/terms/start/?next=%2Fexplore%2F%3Fq%3D1');
  });

  it('a blocked viewer goes to the unblock screen', () => {
    expect(termsRedirect('blocked', '/accounts/edit/', '')).toBe('/terms/unblock/?next=%2Faccounts%2Fedit%2F');
  });

  it('the terms screens and the legal pages stay open, and nothing waits for a viewer who agreed', () => {
    for (const path of ['/terms/start/', '/terms/accept/', '/terms/unblock/', '/terms/new_terms_confirm/', '/legal/terms/', '/legal/privacy/']) {
      expect(termsRedirect('new_terms', path, ''), path).toBeNull();
    }
    expect(termsRedirect(null, '/', '')).toBeNull();
    expect(termsRedirect(undefined, '/explore/', '')).toBeNull();
  });

  it('Continue goes to a same-site next only, else home; next is carried between the terms screens', () => {
    expect(continueTo('?next=%2Fexplore%2F')).toBe('/explore/');
    expect(continueTo('?next=%2F%2Fevil.example%2F')).toBe('/');
    expect(continueTo('?next=https%3A%2F%2Fevil.example%2F')).toBe('/');
    expect(continueTo('')).toBe('/');
    expect(withNext('/terms/accept/', '?next=%2Fexplore%2F')).toBe('/terms/accept/?next=%2Fexplore%2F');
    expect(withNext('/terms/accept/', '')).toBe('/terms/accept/');
  });
});
