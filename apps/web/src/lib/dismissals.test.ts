import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shutter/contract';
import { dismiss, isDismissed } from './dismissals';
import type { KeyValueStorage } from './storage';

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

describe('dismissals', () => {
  it('R-002-dismissals-1: dismissed while the time is before the expiry, not from it on', () => {
    const storage = memoryStorage();
    expect(isDismissed(storage, 'prompt', 1000)).toBe(false);
    dismiss(storage, 'prompt', DAY_MS, 1000);
    expect(isDismissed(storage, 'prompt', 1000 + DAY_MS - 1)).toBe(true);
    expect(isDismissed(storage, 'prompt', 1000 + DAY_MS)).toBe(false);
    expect(isDismissed(storage, 'another', 2000)).toBe(false);
  });

  it('R-002-dismissals-2, R-002-dismissals-3: a duration of 0 dismisses for good', () => {
    const storage = memoryStorage();
    dismiss(storage, 'prompt', 0, 1000);
    expect(isDismissed(storage, 'prompt', Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('without storage, or with storage that throws or holds garbage, nothing counts as dismissed', () => {
    const throwing: KeyValueStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => undefined };
    expect(() => dismiss(throwing, 'prompt', DAY_MS, 0)).not.toThrow();
    expect(isDismissed(throwing, 'prompt', 0)).toBe(false);
    expect(isDismissed(null, 'prompt', 0)).toBe(false);
    const storage = memoryStorage();
    storage.setItem('shutter.dismissed.prompt', 'soon');
    expect(isDismissed(storage, 'prompt', 0)).toBe(false);
  });
});
