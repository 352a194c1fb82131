import { describe, expect, it } from 'vitest';
import { readUserPreference, readUserPreferences, UnknownPreferenceError, USER_PREFERENCE_DEFAULTS, writeUserPreference } from './user-preferences';
import { STORAGE_KEYS, type KeyValueStorage } from './storage';

function memoryStorage(): KeyValueStorage & { keys(): string[] } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    keys: () => [...map.keys()],
  };
}

describe('user preferences', () => {
  it('R-000-preferences-1, R-000-preferences-2, R-000-preferences-3, R-000-preferences-4: the four preferences and their defaults', () => {
    const prefs = readUserPreferences(memoryStorage(), '1');
    expect(prefs).toEqual({ allowContactsSync: false, showContactImportFeedUnitUpsell: true, showContactImportEmptyFeedCarouselUpsell: true, showIgLiteUpdateAppDialog: true });
    expect(Object.keys(USER_PREFERENCE_DEFAULTS)).toHaveLength(4);
  });

  it('R-000-preferences-5: any other key is an error, to read or to write', () => {
    const storage = memoryStorage();
    expect(() => readUserPreference(storage, '1', 'darkMode')).toThrow(UnknownPreferenceError);
    expect(() => writeUserPreference(storage, '1', 'toString', true)).toThrow(UnknownPreferenceError);
    expect(() => writeUserPreference(storage, null, '__proto__', true)).toThrow(UnknownPreferenceError);
    expect(storage.keys()).toEqual([]);
  });

  it('R-000-preferences-6: stored locally, per viewer', () => {
    const storage = memoryStorage();
    writeUserPreference(storage, '1', 'allowContactsSync', true);
    writeUserPreference(storage, '1', 'showIgLiteUpdateAppDialog', false);
    writeUserPreference(storage, '2', 'showContactImportFeedUnitUpsell', false);
    expect(storage.keys()).toEqual([STORAGE_KEYS.userPreferences]);
    expect(readUserPreferences(storage, '1')).toMatchObject({ allowContactsSync: true, showIgLiteUpdateAppDialog: false, showContactImportFeedUnitUpsell: true });
    expect(readUserPreferences(storage, '2')).toMatchObject({ allowContactsSync: false, showIgLiteUpdateAppDialog: true, showContactImportFeedUnitUpsell: false });
  });

  it('R-000-preferences-7, R-000-preferences-8: only logged-in viewers\' choices persist; visitors get the defaults', () => {
    const storage = memoryStorage();
    writeUserPreference(storage, null, 'allowContactsSync', true);
    expect(storage.keys()).toEqual([]);
    writeUserPreference(storage, '1', 'showContactImportFeedUnitUpsell', false);
    expect(readUserPreferences(storage, null)).toEqual(USER_PREFERENCE_DEFAULTS);
    expect(readUserPreference(storage, null, 'showContactImportFeedUnitUpsell')).toBe(true);
  });

  it('what cannot be read counts as the defaults', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.userPreferences, '{broken');
    expect(readUserPreferences(storage, '1')).toEqual(USER_PREFERENCE_DEFAULTS);
    storage.setItem(STORAGE_KEYS.userPreferences, JSON.stringify({ 1: { allowContactsSync: 'yes' } }));
    expect(readUserPreference(storage, '1', 'allowContactsSync')).toBe(false);
    expect(readUserPreferences(null, '1')).toEqual(USER_PREFERENCE_DEFAULTS);
  });
});
