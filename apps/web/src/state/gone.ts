import { useCallback, useSyncExternalStore } from 'react';

/**
 * Ids of things the viewer deleted in this session (posts, comments). The cache updates take them
 * out of every list; this keeps a copy still on screen (a page being left) from showing again.
 */
export interface GoneSet {
  has(id: string): boolean;
  add(id: string): void;
  subscribe(listener: () => void): () => void;
}

export function createGoneSet(): GoneSet {
  const ids = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    has: (id) => ids.has(id),
    add(id) {
      ids.add(id);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useGone(set: GoneSet, id: string): boolean {
  const get = useCallback(() => set.has(id), [set, id]);
  return useSyncExternalStore(set.subscribe, get, get);
}
