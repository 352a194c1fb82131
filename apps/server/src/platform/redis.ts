import { Redis } from 'ioredis';

/** One Redis connection for the process, tuned for request-path use: fail fast rather than queue. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}
export type { Redis };
