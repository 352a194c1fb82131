/** Small, failure-tolerant wrappers: storage can be disabled or full (private mode, quotas). */

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Every key this client writes to browser storage, in one place. Local storage holds the user
 * preferences (user-preferences.ts), the route scroll positions and the data saver mode, beside
 * the locale, the feed's cache and the prompts' dismissals; session storage the original referrer.
 */
export const STORAGE_KEYS = {
  userPreferences: 'shutter.user-preferences',
  locale: 'shutter.locale',
  scrollPositions: 'shutter.route-scroll-positions',
  originalReferrer: 'shutter.original-referrer',
  feedCache: 'feed-cache',
  dataSaver: 'shutter.data-saver',
} as const;

function pick(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export function readItem(key: string, kind: 'localStorage' | 'sessionStorage' = 'localStorage'): string | null {
  try {
    return pick(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, kind: 'localStorage' | 'sessionStorage' = 'localStorage'): void {
  try {
    pick(kind)?.setItem(key, value);
  } catch {
    /* storage full or disabled: the preference is simply not kept */
  }
}

export function removeItem(key: string, kind: 'localStorage' | 'sessionStorage' = 'localStorage'): void {
  try {
    pick(kind)?.removeItem(key);
  } catch {
    /* ignore */
  }
}

export function localStore(): KeyValueStorage | null {
  return pick('localStorage');
}

/** Spec 000 §9: session storage holds the original referrer, stored once per session. */
export function rememberOriginalReferrer(): void {
  if (readItem(STORAGE_KEYS.originalReferrer, 'sessionStorage') !== null) return;
  writeItem(STORAGE_KEYS.originalReferrer, document.referrer, 'sessionStorage');
}
