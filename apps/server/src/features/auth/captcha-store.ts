import { LRUCache } from 'lru-cache';
import type { Redis } from '../../platform/redis.js';

/**
 * Counts of failed logins and the challenges already used, where the rate limits keep theirs: in
 * Redis when it is there (every instance sees the same counts), in this process's memory otherwise.
 */
export interface CaptchaStore {
  /** The highest count among `keys` (0 for none). */
  highest(keys: string[]): Promise<number>;
  /** One more failure on each key, remembered `ttlMs` after the last one. */
  add(keys: string[], ttlMs: number): Promise<void>;
  forget(keys: string[]): Promise<void>;
  /** Marks `key` for `ttlMs`; false when it was marked already (a challenge solved before). */
  markOnce(key: string, ttlMs: number): Promise<boolean>;
}

/** Keys kept in memory at most: a flood of made-up names pushes out the oldest, never memory. */
const MEMORY_KEYS_MAX = 100_000;

function memoryStore(): CaptchaStore {
  const entries = new LRUCache<string, number>({ max: MEMORY_KEYS_MAX, ttlAutopurge: false });
  return {
    highest: async (keys) => Math.max(0, ...keys.map((k) => entries.get(k) ?? 0)),
    add: async (keys, ttlMs) => {
      for (const k of keys) entries.set(k, (entries.get(k) ?? 0) + 1, { ttl: ttlMs });
    },
    forget: async (keys) => {
      for (const k of keys) entries.delete(k);
    },
    markOnce: async (key, ttlMs) => {
      if (entries.has(key)) return false;
      entries.set(key, 1, { ttl: ttlMs });
      return true;
    },
  };
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * While Redis cannot be reached, counts read as none and failures go uncounted (as the rate limits
 * let requests through); a used challenge cannot be recorded, so it is refused.
 */
function redisStore(redis: Redis, prefix: string, log: Log): CaptchaStore {
  const k = (key: string) => `${prefix}:captcha:${key}`;
  const warn = (err: unknown) => log.warn({ err }, 'the captcha counters in Redis could not be reached');
  return {
    highest: async (keys) => {
      try {
        const values = await redis.mget(keys.map(k));
        return Math.max(0, ...values.map((v) => Number(v ?? 0)));
      } catch (err) {
        warn(err);
        return 0;
      }
    },
    add: async (keys, ttlMs) => {
      const batch = redis.multi();
      for (const key of keys) batch.incr(k(key)).pexpire(k(key), ttlMs);
      await batch.exec().catch(warn);
    },
    forget: async (keys) => {
      await redis.del(...keys.map(k)).catch(warn);
    },
    markOnce: async (key, ttlMs) => {
      try {
        return (await redis.set(k(key), '1', 'PX', ttlMs, 'NX')) === 'OK';
      } catch (err) {
        warn(err);
        return false;
      }
    },
  };
}

export function createCaptchaStore(options: { redis?: Redis; redisPrefix?: string; log: Log }): CaptchaStore {
  return options.redis ? redisStore(options.redis, options.redisPrefix ?? 'shutter', options.log) : memoryStore();
}
