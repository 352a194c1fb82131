import { COOKIE_BANNER_COOKIE, COOKIE_BANNER_MAX_AGE_MS, DATA_SAVER_COOKIE } from '@shutter/contract';

/** Reads one cookie from a `document.cookie` style string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (key === name) {
      const raw = eq === -1 ? '' : part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Spec 000 §9: the cookie banner cookie has value 1 and lasts about a year. */
export function cookieBannerCookie(): string {
  const maxAgeSeconds = Math.round(COOKIE_BANNER_MAX_AGE_MS / 1000);
  return `${COOKIE_BANNER_COOKIE}=1; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
}

/** Mirrors the data saver choice for the server, which then preloads no wide first photo. */
export function dataSaverCookie(on: boolean): string {
  return on ? `${DATA_SAVER_COOKIE}=1; max-age=${365 * 24 * 3600}; path=/; SameSite=Lax` : `${DATA_SAVER_COOKIE}=; max-age=0; path=/; SameSite=Lax`;
}

export function hasCookieBannerConsent(cookieString: string): boolean {
  return readCookie(cookieString, COOKIE_BANNER_COOKIE) !== null;
}

export function documentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}
