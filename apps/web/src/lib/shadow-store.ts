import { useCallback, useSyncExternalStore } from 'react';

/**
 * Optimistic overlays ("shadows", as in bluesky's social-app): a per-id patch that screens merge over
 * whatever cached copy of the object they render, so one write updates the feed, the post page and
 * the profile grid at once without rewriting each cached list.
 */
export interface ShadowStore<T extends object> {
  get(id: string): Partial<T> | undefined;
  /** Replaces the whole patch of an id (undefined removes it). */
  put(id: string, patch: Partial<T> | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function createShadowStore<T extends object>(): ShadowStore<T> {
  const patches = new Map<string, Partial<T>>();
  const listeners = new Set<() => void>();
  return {
    get: (id) => patches.get(id),
    put(id, patch) {
      if (patch) patches.set(id, patch);
      else patches.delete(id);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Applies `patch` at once and runs `request`; on failure the previous patch comes back and the error
 * is rethrown for the caller's message.
 */
export async function withOptimisticShadow<T extends object, R>(store: ShadowStore<T>, id: string, patch: Partial<T>, request: () => Promise<R>): Promise<R> {
  const previous = store.get(id);
  store.put(id, { ...previous, ...patch });
  try {
    return await request();
  } catch (error) {
    store.put(id, previous);
    throw error;
  }
}

export function useShadow<T extends object>(store: ShadowStore<T>, id: string): Partial<T> | undefined {
  const get = useCallback(() => store.get(id), [store, id]);
  return useSyncExternalStore(store.subscribe, get, get);
}
