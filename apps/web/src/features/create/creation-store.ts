import { useSyncExternalStore } from 'react';
import { creationReducer, initialCreation, type CreationAction, type CreationSession } from './creation-reducer';
import { forgetImages } from './media-load';

/**
 * The session lives outside React: each step is its own URL and the router remounts the screen on
 * every path change, so component state would be lost between steps. It is dropped on discard, on
 * success and when the viewer leaves the /create/ paths.
 */
let state = initialCreation();
const listeners = new Set<() => void>();

function revokeUrls(session: CreationSession) {
  for (const item of session.items) URL.revokeObjectURL(item.source.url);
  forgetImages();
}

export function dispatchCreation(action: CreationAction): void {
  const next = creationReducer(state, action);
  if (next === state) return;
  if (action.type === 'reset' || action.type === 'start') revokeUrls(state);
  state = next;
  for (const listener of listeners) listener();
}

export function getCreation(): CreationSession {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the service renders and the browser hydrates: no session yet (it holds the browser's files). */
const serverSession = initialCreation();
const getServerSession = () => serverSession;

export function useCreation(): CreationSession {
  return useSyncExternalStore(subscribe, getCreation, getServerSession);
}
