import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Redis } from './redis.js';

/**
 * How long this process trusts its own copy. Invalidations from other instances arrive by pub/sub
 * within milliseconds; this bounds what a lost message (a subscription reconnecting) can leave.
 */
export const LOCAL_TTL_MS = 60_000;
/** How long Redis keeps a copy: invalidation is exact, this only bounds a write nobody announced. */
export const SHARED_TTL_MS = 10 * 60_000;
/** A key's version outlives any read in flight, so a read that raced an invalidation always sees it moved. */
const VERSION_TTL_MS = 60 * 60_000;
/** Invalidations kept while Redis is unreachable, replayed when it is back. */
const PENDING_MAX = 10_000;

/**
 * Stores each loaded value unless its version moved since it was read with MGET: an invalidation
 * in between (INCR of the version) means the value may predate that write.
 * KEYS: value key, version key, ... ; ARGV: ttl ms, then per pair the version read ('' for none) and the value.
 */
const SET_UNLESS_MOVED = `
for i = 1, #KEYS, 2 do
  if (redis.call('GET', KEYS[i + 1]) or '') == ARGV[i + 1] then
    redis.call('SET', KEYS[i], ARGV[i + 2], 'PX', ARGV[1])
  end
end
return 0`;

export interface SummaryCache<T extends object> {
  /**
   * The summaries of these ids: from this process's memory, then Redis, then one call of `load`
   * for the rest. Ids that `load` does not answer (deleted since) are left out and not cached.
   */
  many(ids: readonly string[], load: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>>;
  /** Taken before a statement that reads summaries of this kind as a by-product; see `prime`. */
  ticket(): number;
  /** Keeps by-product summaries in memory, unless one was invalidated after `ticket` was taken. */
  prime(entries: Map<string, T>, ticket: number): void;
  /** Drops these ids here, in Redis and in every other instance. Call after the write committed; never throws. */
  forget(ids: readonly string[]): Promise<void>;
  /**
   * Called with the ids this process drops, whichever instance invalidated them, or with 'all'
   * when its copies can no longer be trusted (invalidations may have been lost). For what is
   * derived from these summaries and must be dropped with them.
   */
  onForget(listener: ForgetListener): void;
}

export type ForgetListener = (ids: readonly string[] | 'all') => void;

export interface SummaryCaches {
  kind<T extends object>(name: string, max: number): SummaryCache<T>;
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * This process's copies of one kind, with the guard that keeps a slow read from putting back what
 * an invalidation just dropped: every invalidation takes the next sequence number, and a value read
 * under an older ticket is kept only if its key was not invalidated since.
 */
function localLevel<T extends object>(max: number) {
  const entries = new LRUCache<string, T>({ max, ttl: LOCAL_TTL_MS });
  let seq = 0;
  // A key pushed out of `forgotten` may have been invalidated as late as `floor`.
  let floor = 0;
  const forgotten = new LRUCache<string, number>({
    max,
    dispose: (at, _key, reason) => { if (reason === 'evict') floor = Math.max(floor, at); },
  });
  return {
    get: (id: string) => entries.get(id),
    ticket: () => seq,
    keep(id: string, value: T, ticket: number) {
      if (ticket < floor || (forgotten.peek(id) ?? 0) > ticket) return;
      entries.set(id, value);
    },
    forget(id: string) {
      seq += 1;
      forgotten.set(id, seq);
      entries.delete(id);
    },
    clear: () => entries.clear(),
  };
}

/**
 * Redis as the level instances share: MGET for a batch (values and versions in one round trip),
 * SET with a TTL guarded by the version, and on invalidation INCR of the version, DEL and a
 * message on the channel. Any failure is a miss; an invalidation that fails is replayed.
 */
function sharedLevel(redis: Redis, prefix: string, log: Log, instance: string) {
  const valueKey = (kind: string, id: string) => `${prefix}:sum:${kind}:${id}`;
  const versionKey = (kind: string, id: string) => `${prefix}:sum:${kind}:${id}:v`;
  const channel = `${prefix}:sum:forget`;
  const pending = new Map<string, Set<string>>();
  let pendingSize = 0;
  let lostWarned = false;
  const usable = () => redis.status === 'ready';
  const isPending = (kind: string, id: string) => pending.get(kind)?.has(id) ?? false;

  function remember(kind: string, ids: readonly string[]) {
    const set = pending.get(kind) ?? new Set<string>();
    pending.set(kind, set);
    for (const id of ids) {
      if (set.has(id)) continue;
      if (pendingSize >= PENDING_MAX) {
        if (!lostWarned) log.warn({ kind }, 'Redis unreachable for long: some summary invalidations are lost, shared copies may be stale until their TTL');
        lostWarned = true;
        return;
      }
      set.add(id);
      pendingSize += 1;
    }
  }

  async function send(kind: string, ids: readonly string[]): Promise<boolean> {
    if (!usable()) return false;
    try {
      const tx = redis.multi();
      for (const id of ids) tx.incr(versionKey(kind, id)).pexpire(versionKey(kind, id), VERSION_TTL_MS).del(valueKey(kind, id));
      tx.publish(channel, JSON.stringify({ from: instance, kind, ids }));
      const replies = await tx.exec();
      return replies !== null && replies.every(([err]) => !err);
    } catch {
      return false;
    }
  }

  async function replay() {
    for (const [kind, set] of pending) {
      const ids = [...set];
      if (ids.length === 0 || !(await send(kind, ids))) continue;
      for (const id of ids) set.delete(id);
      pendingSize -= ids.length;
    }
    if (pendingSize === 0) lostWarned = false;
  }
  redis.on('ready', () => { void replay(); });

  return {
    channel,
    /** Values (JSON) and versions of these ids; null when Redis cannot answer now. */
    async read(kind: string, ids: string[]): Promise<{ values: (string | null)[]; versions: (string | null)[] } | null> {
      if (!usable()) return null;
      try {
        const replies = await redis.mget(...ids.map((id) => valueKey(kind, id)), ...ids.map((id) => versionKey(kind, id)));
        // A key whose invalidation is still to be replayed may hold a stale copy: it is a miss.
        const values = replies.slice(0, ids.length).map((v, i) => (isPending(kind, ids[i]!) ? null : v));
        return { values, versions: replies.slice(ids.length) };
      } catch {
        return null;
      }
    },
    async write(kind: string, entries: { id: string; json: string; version: string | null }[]) {
      const kept = entries.filter((e) => !isPending(kind, e.id));
      if (kept.length === 0 || !usable()) return;
      const keys = kept.flatMap((e) => [valueKey(kind, e.id), versionKey(kind, e.id)]);
      const args = [String(SHARED_TTL_MS), ...kept.flatMap((e) => [e.version ?? '', e.json])];
      await redis.eval(SET_UNLESS_MOVED, keys.length, ...keys, ...args).catch(() => undefined);
    },
    async forget(kind: string, ids: readonly string[]) {
      if (!(await send(kind, ids))) remember(kind, ids);
    },
  };
}

/**
 * Summaries cached in two levels: an LRU in this process, and Redis when there is one, shared by
 * every instance. Each instance subscribes to the invalidation channel and drops its own copies of
 * what any instance invalidates.
 */
export function createSummaryCaches(opts: { redis?: Redis; prefix: string; log: Log }): SummaryCaches {
  const instance = randomBytes(8).toString('hex');
  const shared = opts.redis ? sharedLevel(opts.redis, opts.prefix, opts.log, instance) : null;
  const locals = new Map<string, { forget(id: string): void; clear(): void }>();
  const listeners = new Map<string, ForgetListener[]>();
  const tell = (kind: string, ids: readonly string[] | 'all') => {
    for (const listener of listeners.get(kind) ?? []) listener(ids);
  };

  const subscriber = opts.redis?.duplicate();
  if (subscriber && shared) {
    let subscribedOnce = false;
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      // Messages sent while the subscription was down are lost: this process's copies cannot be trusted.
      if (subscribedOnce) {
        for (const local of locals.values()) local.clear();
        for (const kind of listeners.keys()) tell(kind, 'all');
      }
      subscribedOnce = true;
    });
    subscriber.subscribe(shared.channel).catch(() => undefined);
    subscriber.on('message', (_channel: string, raw: string) => {
      let msg: { from?: string; kind?: string; ids?: unknown };
      try {
        msg = JSON.parse(raw) as typeof msg;
      } catch {
        return;
      }
      if (msg.from === instance || typeof msg.kind !== 'string' || !Array.isArray(msg.ids)) return;
      const local = locals.get(msg.kind);
      const ids = msg.ids.filter((id): id is string => typeof id === 'string');
      for (const id of ids) local?.forget(id);
      tell(msg.kind, ids);
    });
  }

  return {
    kind<T extends object>(name: string, max: number): SummaryCache<T> {
      const local = localLevel<T>(max);
      locals.set(name, local);
      return {
        ticket: local.ticket,
        prime(entries, ticket) {
          for (const [id, value] of entries) local.keep(id, value, ticket);
        },
        async many(ids, load) {
          const ticket = local.ticket();
          const found = new Map<string, T>();
          let missing: string[] = [];
          for (const id of new Set(ids)) {
            const hit = local.get(id);
            if (hit) found.set(id, hit);
            else missing.push(id);
          }
          if (missing.length === 0) return found;

          const fromShared = shared ? await shared.read(name, missing) : null;
          const versions = new Map<string, string | null>();
          if (fromShared) {
            const still: string[] = [];
            missing.forEach((id, i) => {
              const value = parse<T>(fromShared.values[i] ?? null);
              versions.set(id, fromShared.versions[i] ?? null);
              if (value === undefined) still.push(id);
              else {
                found.set(id, value);
                local.keep(id, value, ticket);
              }
            });
            missing = still;
          }
          if (missing.length === 0) return found;

          const loaded = await load(missing);
          const toShare: { id: string; json: string; version: string | null }[] = [];
          for (const id of missing) {
            const value = loaded.get(id);
            if (value === undefined) continue;
            found.set(id, value);
            local.keep(id, value, ticket);
            if (fromShared) toShare.push({ id, json: JSON.stringify(value), version: versions.get(id) ?? null });
          }
          if (shared && toShare.length) await shared.write(name, toShare);
          return found;
        },
        async forget(ids) {
          if (ids.length === 0) return;
          for (const id of ids) local.forget(id);
          tell(name, ids);
          await shared?.forget(name, ids);
        },
        onForget(listener) {
          listeners.set(name, [...(listeners.get(name) ?? []), listener]);
        },
      };
    },
    async close() {
      if (subscriber) subscriber.disconnect();
    },
  };
}

function parse<T>(json: string | null): T | undefined {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as T;
  } catch {
    return undefined;
  }
}
