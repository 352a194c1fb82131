import { Redis } from 'ioredis';

/**
 * One Redis connection for the process, tuned for request-path use: fail fast rather than queue.
 * A command waits at most a second, even while the connection is down, so an outage slows a
 * request by that much at worst.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}
export type { Redis };
