import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type Redis } from '../src/platform/redis.js';
import { createSummaryCaches, type SummaryCaches } from '../src/platform/summary-cache.js';
import { current, quiet, raceWithWrite, source } from './helpers/summary-source.js';

// Runs where REDIS_URL is set (vitest.config.ts leaves *.redis.test.ts out otherwise).
describe('summaries cache shared through Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}`;
  const connections: Redis[] = [];
  const instances: SummaryCaches[] = [];
  const instance = async () => {
    const redis = connectRedis(process.env.REDIS_URL!);
    connections.push(redis);
    // Until its connection is up an instance skips Redis: these tests are about what it does once it is.
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    const caches = createSummaryCaches({ redis, prefix, log: quiet });
    instances.push(caches);
    return caches.kind<{ v: number }>('thing', 10);
  };
  afterAll(async () => {
    for (const caches of instances) await caches.close();
    const keys = await connections[0]!.keys(`${prefix}:*`);
    if (keys.length) await connections[0]!.del(...keys);
    for (const redis of connections) redis.disconnect();
  });

  it('one instance reads what another loaded, without loading it again', async () => {
    const db = source();
    db.rows.set('10', { v: 1 });
    const [a, b] = await Promise.all([instance(), instance()]);
    await a.many(['10'], db.load);
    expect((await b.many(['10'], db.load)).get('10')).toEqual({ v: 1 });
    expect(db.reads()).toBe(1);
  });

  it('a read on one instance that raced an invalidation on another leaves no stale copy in Redis', async () => {
    const db = source();
    const [a, b, c] = await Promise.all([instance(), instance(), instance()]);
    // The write comes after the read's MGET, while its statement runs.
    const race = await raceWithWrite(a, b, db, '20', () => new Promise((resolve) => setTimeout(resolve, 50)));
    await race.release();
    // A third instance has nothing in memory: it reads Redis, then the database.
    expect(await current(c, db, '20')).toEqual({ v: 2 });
  });
});
