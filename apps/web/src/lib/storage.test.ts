import { describe, expect, it } from 'vitest';
import { writeDataSaverMode } from './data-saver';
import { createScrollStore } from './scroll-store';
import { STORAGE_KEYS, type KeyValueStorage } from './storage';
import { writeUserPreference } from './user-preferences';

function memoryStorage(): KeyValueStorage & { keys(): string[] } {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k), keys: () => [...map.keys()] };
}

describe('local storage', () => {
  it('R-000-storage-1: holds the user preferences, the route scroll positions and the data saver mode, each under its key', () => {
    const local = memoryStorage();
    writeUserPreference(local, '7', 'allowContactsSync', true);
    createScrollStore(local, STORAGE_KEYS.scrollPositions).save('/explore/', 420);
    writeDataSaverMode(local, true);
    expect(local.keys().sort()).toEqual([STORAGE_KEYS.dataSaver, STORAGE_KEYS.scrollPositions, STORAGE_KEYS.userPreferences].sort());
    expect(JSON.parse(local.getItem(STORAGE_KEYS.userPreferences)!)).toEqual({ 7: { allowContactsSync: true } });
    expect(JSON.parse(local.getItem(STORAGE_KEYS.scrollPositions)!)).toMatchObject({ '/explore/': 420 });
    expect(local.getItem(STORAGE_KEYS.dataSaver)).toBe('1');
    expect(new Set(Object.values(STORAGE_KEYS)).size).toBe(Object.keys(STORAGE_KEYS).length);
  });
});
