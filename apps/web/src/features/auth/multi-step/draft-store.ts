import { useSyncExternalStore } from 'react';
import { initialDraft, type SignupDraft } from './steps';

/**
 * The signup's draft outlives each step's screen (the router mounts a step's page anew), and only
 * while the app runs: a reload starts over, so the password never reaches storage.
 */
const store = {
  draft: initialDraft(),
  listeners: new Set<() => void>(),
};

function subscribe(listener: () => void) {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

export function updateDraft(change: Partial<SignupDraft>): void {
  store.draft = { ...store.draft, ...change };
  store.listeners.forEach((listener) => listener());
}

export const useDraft = (): SignupDraft => useSyncExternalStore(subscribe, () => store.draft, () => store.draft);
