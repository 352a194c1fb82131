import { describe, expect, it } from 'vitest';
import { COOKIE_BANNER_MAX_AGE_MS } from '@shutter/contract';
import { cookieBannerCookie, hasCookieBannerConsent, readCookie } from './cookies';

describe('cookie banner cookie', () => {
  it('R-000-cookie-banner-3: confirming or closing sets ig_cb with value 1', () => {
    const cookie = cookieBannerCookie();
    expect(cookie.startsWith('ig_cb=1;')).toBe(true);
    expect(cookie).toContain('path=/');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('R-000-cookie-banner-4: the cookie lasts 31556952000 ms (max-age in seconds)', () => {
    expect(COOKIE_BANNER_MAX_AGE_MS).toBe(31556952000);
    expect(cookieBannerCookie()).toContain('max-age=31556952;');
  });

  it('R-000-cookie-banner-1: the banner stays until the cookie exists', () => {
    expect(hasCookieBannerConsent('')).toBe(false);
    expect(hasCookieBannerConsent('csrftoken=abc; other=1')).toBe(false);
    expect(hasCookieBannerConsent('csrftoken=abc; ig_cb=1')).toBe(true);
  });

  it('reads a cookie among others and decodes it', () => {
    expect(readCookie('a=1; csrftoken=x%2By; b=2', 'csrftoken')).toBe('x+y');
    expect(readCookie('xcsrftoken=1', 'csrftoken')).toBeNull();
  });
});
