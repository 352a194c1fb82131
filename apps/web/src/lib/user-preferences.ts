import { useSyncExternalStore } from 'react';
import { localStore, STORAGE_KEYS, type KeyValueStorage } from './storage';

/** Spec 000: the local preferences, per viewer, and their defaults. No other key exists. */
export const USER_PREFERENCE_DEFAULTS = {
  allowContactsSync: false,
  showContactImportFeedUnitUpsell: true,
  showContactImportEmptyFeedCarouselUpsell: true,
  showIgLiteUpdateAppDialog: true,
} as const satisfies Record<string, boolean>;

export type UserPreferenceKey = keyof typeof USER_PREFERENCE_DEFAULTS;
export type UserPreferences = { [K in UserPreferenceKey]: boolean };

export class UnknownPreferenceError extends Error {
  constructor(key: string) {
    super(`Unknown user preference: ${key}`);
    this.name = 'UnknownPreferenceError';
  }
}

function assertKey(key: string): asserts key is UserPreferenceKey {
  if (!Object.hasOwn(USER_PREFERENCE_DEFAULTS, key)) throw new UnknownPreferenceError(key);
}

type Stored = Record<string, Partial<UserPreferences>>;

/** Every viewer's stored choices; what cannot be read counts as nothing stored. */
function readAll(storage: Pick<KeyValueStorage, 'getItem'> | null): Stored {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEYS.userPreferences) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** The viewer's preferences: the stored ones over the defaults. A visitor (null) always gets the defaults. */
export function readUserPreferences(storage: Pick<KeyValueStorage, 'getItem'> | null, viewerId: string | null): UserPreferences {
  const prefs: UserPreferences = { ...USER_PREFERENCE_DEFAULTS };
  if (!viewerId) return prefs;
  const mine = readAll(storage)[viewerId] ?? {};
  for (const key of Object.keys(prefs) as UserPreferenceKey[]) {
    if (typeof mine[key] === 'boolean') prefs[key] = mine[key];
  }
  return prefs;
}

export function readUserPreference(storage: Pick<KeyValueStorage, 'getItem'> | null, viewerId: string | null, key: string): boolean {
  assertKey(key);
  return readUserPreferences(storage, viewerId)[key];
}

/** Stores one preference of a logged-in viewer; a visitor's is not kept. An unknown key throws. */
export function writeUserPreference(storage: KeyValueStorage | null, viewerId: string | null, key: string, value: boolean): void {
  assertKey(key);
  if (!viewerId || !storage) return;
  const all = readAll(storage);
  all[viewerId] = { ...all[viewerId], [key]: value };
  try {
    storage.setItem(STORAGE_KEYS.userPreferences, JSON.stringify(all));
  } catch {
    /* storage full or disabled: the choice lasts for this page only */
  }
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Sets one of the viewer's preferences in this browser's storage and tells every screen that reads it. */
export function setUserPreference(viewerId: string | null, key: UserPreferenceKey, value: boolean): void {
  writeUserPreference(localStore(), viewerId, key, value);
  listeners.forEach((listener) => listener());
}

/** One preference of the viewer (null: a visitor, who gets its default). */
export function useUserPreference(viewerId: string | null, key: UserPreferenceKey): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readUserPreference(localStore(), viewerId, key),
    () => USER_PREFERENCE_DEFAULTS[key],
  );
}
