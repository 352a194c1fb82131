import type { KeyValueStorage } from './storage';

/** Keeps the most recent paths only, so that local storage does not grow without bound. */
export const SCROLL_STORE_LIMIT = 50;

export interface ScrollStore {
  get(path: string): number | null;
  save(path: string, y: number): void;
}

type Positions = Record<string, number>;

/** Spec 000 §2 and §9: route scroll positions live in local storage, one per path. */
export function createScrollStore(storage: KeyValueStorage | null, key: string): ScrollStore {
  let memory: Positions = {};
  const read = (): Positions => {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
    } catch {
      return {};
    }
  };
  const write = (positions: Positions) => {
    memory = positions;
    try {
      storage?.setItem(key, JSON.stringify(positions));
    } catch {
      /* quota: keep the in-memory copy */
    }
  };
  return {
    get(path) {
      const y = read()[path];
      return typeof y === 'number' && Number.isFinite(y) ? y : null;
    },
    save(path, y) {
      const positions = read();
      delete positions[path];
      positions[path] = Math.max(0, Math.round(y));
      const paths = Object.keys(positions);
      for (const old of paths.slice(0, Math.max(0, paths.length - SCROLL_STORE_LIMIT))) delete positions[old];
      write(positions);
    },
  };
}

export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

/** Where to scroll after a navigation: the remembered spot on back (POP) or when asked, else the top. */
export function scrollTargetFor(kind: NavigationKind, state: unknown, remembered: number | null): number {
  const asked = !!state && typeof state === 'object' && (state as { restoreScroll?: unknown }).restoreScroll === true;
  if (kind === 'POP' || asked) return remembered ?? 0;
  return 0;
}
