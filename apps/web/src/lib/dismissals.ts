import type { KeyValueStorage } from './storage';

/**
 * Prompts a person dismissed (spec 002 "Dismissal state"): stored with an expiry, and dismissed while
 * the time is before it; a duration of 0 dismisses for good. Kept in local storage, so a dismissal
 * holds across tabs and visits; without storage nothing is kept and the prompt may come back.
 */
const PREFIX = 'shutter.dismissed.';
const PERMANENT = 'permanent';

export function isDismissed(storage: KeyValueStorage | null, prompt: string, now: number): boolean {
  let value: string | null = null;
  try {
    value = storage?.getItem(PREFIX + prompt) ?? null;
  } catch {
    return false;
  }
  if (value === null) return false;
  if (value === PERMANENT) return true;
  const expiry = Number(value);
  return Number.isFinite(expiry) && now < expiry;
}

export function dismiss(storage: KeyValueStorage | null, prompt: string, durationMs: number, now: number): void {
  try {
    storage?.setItem(PREFIX + prompt, durationMs === 0 ? PERMANENT : String(now + durationMs));
  } catch {
    /* storage full or disabled: the prompt may simply come back */
  }
}
