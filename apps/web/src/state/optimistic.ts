import { useCallback, useSyncExternalStore } from 'react';

/**
 * The one optimistic mechanism of the web client, used by every toggle (like, save, follow, tag
 * review, suggestion dismiss, comment like).
 *
 * What the viewer asked for is kept per key as a pending value: a DIFFERENCE against the server's
 * copy, not a copy of its own. Screens render `view(serverCopy, pending)` (e.g. liked: true, and the
 * like count +1 only when the server copy is not liked yet), so a newer server copy (a refetch with
 * another count) shows through at once. Once the server answers, `commit` writes the confirmed value
 * into the cached server copies and the pending value is dropped.
 *
 * Per key, one request is in flight at a time. Toggles made meanwhile only move the intended value;
 * when the request answers, the next one sends the latest intended value, and nothing at all when
 * the toggles cancelled out. On failure the pending value is dropped (the screen shows the server
 * copy again), what the server did confirm is committed, and the last caller's promise rejects with
 * the error, for its toast.
 */
export interface OptimisticRequest<V> {
  /** The server's value when the change starts (the reference the intended value is compared to). */
  server: V;
  /** Sends `value`; resolves with the value the server ended at (a follow may become a request). */
  send: (value: V, confirmed: V) => Promise<V>;
  /** Writes the value the server confirmed into the cached server copies. */
  commit?: (value: V) => void;
}

export interface Optimistic<V> {
  /** The pending value of `key`, if a change is under way. */
  pending(key: string): V | undefined;
  /** Whether a request of `key` is in flight. */
  busy(key: string): boolean;
  /** Every pending value by key (a new map after each change), for lists filtered by a change. */
  snapshot(): ReadonlyMap<string, V>;
  /**
   * The viewer wants `key` to be `intended`. Resolves once the server ends at it (or a later call
   * took over); rejects with the request's error if this is the latest call of a chain that failed.
   */
  request(key: string, intended: V, request: OptimisticRequest<V>): Promise<void>;
  subscribe(listener: () => void): () => void;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Entry<V> {
  intended: V;
  confirmed: V;
  /** Whether the server has answered anything in this chain (what commit has to write). */
  answered: boolean;
  request: OptimisticRequest<V>;
  waiters: Waiter[];
}

export interface OptimisticOptions<V> {
  /** Whether two values are the same change (default: Object.is). */
  same?: (a: V, b: V) => boolean;
  /** Waits for the committed copies to reach the screens (default: one macrotask, as TanStack Query notifies). */
  settle?: () => Promise<void>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createOptimistic<V>({ same = Object.is as (a: V, b: V) => boolean, settle = nextTask }: OptimisticOptions<V> = {}): Optimistic<V> {
  const entries = new Map<string, Entry<V>>();
  const listeners = new Set<() => void>();
  let snapshot: ReadonlyMap<string, V> = new Map();
  const notify = () => {
    snapshot = new Map([...entries].map(([key, entry]) => [key, entry.intended]));
    listeners.forEach((listener) => listener());
  };

  const finish = (key: string, entry: Entry<V>, error?: { error: unknown }) => {
    entries.delete(key);
    notify();
    const last = entry.waiters[entry.waiters.length - 1];
    for (const waiter of entry.waiters) {
      if (error && waiter === last) waiter.reject(error.error);
      else waiter.resolve();
    }
  };

  const commit = (entry: Entry<V>) => {
    if (!entry.answered) return;
    entry.answered = false;
    entry.request.commit?.(entry.confirmed);
  };

  const run = async (key: string, entry: Entry<V>) => {
    for (;;) {
      while (!same(entry.intended, entry.confirmed)) {
        try {
          entry.confirmed = await entry.request.send(entry.intended, entry.confirmed);
          entry.answered = true;
        } catch (error) {
          commit(entry);
          finish(key, entry, { error });
          return;
        }
      }
      commit(entry);
      // The cached copies reach the screens before the difference goes, so nothing flickers back.
      await settle();
      // A toggle made meanwhile goes on in the same chain.
      if (same(entry.intended, entry.confirmed)) break;
    }
    finish(key, entry);
  };

  return {
    pending: (key) => entries.get(key)?.intended,
    busy: (key) => entries.has(key),
    snapshot: () => snapshot,
    request(key, intended, request) {
      return new Promise<void>((resolve, reject) => {
        const current = entries.get(key);
        if (current) {
          current.intended = intended;
          current.request = request;
          current.waiters.push({ resolve, reject });
          notify();
          return;
        }
        const entry: Entry<V> = { intended, confirmed: request.server, answered: false, request, waiters: [{ resolve, reject }] };
        entries.set(key, entry);
        notify();
        void run(key, entry);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The pending value of `key` in `store`, re-rendering when it changes. */
export function usePending<V>(store: Optimistic<V>, key: string): V | undefined {
  const get = useCallback(() => store.pending(key), [store, key]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** Every pending value of `store`, re-rendering when one changes (lists a change filters or moves). */
export function usePendingAll<V>(store: Optimistic<V>): ReadonlyMap<string, V> {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}

/**
 * A count shown over the server's: the server copy's count, moved by one when the pending value
 * differs from the server copy's flag (liked over not liked: +1; unliked over liked: -1).
 */
export function countWith(serverCount: number, serverOn: boolean, pendingOn: boolean | undefined): number {
  if (pendingOn === undefined || pendingOn === serverOn) return serverCount;
  return Math.max(0, serverCount + (pendingOn ? 1 : -1));
}
