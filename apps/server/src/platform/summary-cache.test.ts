import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type Redis } from './redis.js';
import { createSummaryCaches, type SummaryCaches } from './summary-cache.js';

const quiet = { warn: () => undefined };

/** A database stand-in: the value each id has now, and how many times it was read. */
function source() {
  const rows = new Map<string, { v: number }>();
  let reads = 0;
  return {
    rows,
    reads: () => reads,
    load: async (ids: string[]) => {
      reads += 1;
      return new Map(ids.filter((id) => rows.has(id)).map((id) => [id, { ...rows.get(id)! }]));
    },
  };
}

/** A load that reads now and answers when released: a slow statement racing a write. */
function held(db: ReturnType<typeof source>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  return {
    release: () => release(),
    load: async (ids: string[]) => {
      const read = await db.load(ids);
      await gate;
      return read;
    },
  };
}

/**
 * A read of `id` (at version 1) through `reader` that is still in flight when the database moves to
 * version 2 and `writer` invalidates it; answers once that read finished.
 */
async function raceWithWrite(reader: ReturnType<SummaryCaches['kind']>, writer: ReturnType<SummaryCaches['kind']>, db: ReturnType<typeof source>, id: string, beforeWrite: () => Promise<void> = async () => undefined) {
  db.rows.set(id, { v: 1 });
  const slow = held(db);
  const reading = reader.many([id], slow.load);
  await beforeWrite();
  db.rows.set(id, { v: 2 });
  await writer.forget([id]);
  return { release: async () => { slow.release(); return reading; } };
}

/** What any reader gets for `id` now (the loader reads the database when nothing is cached). */
async function current(cache: ReturnType<SummaryCaches['kind']>, db: ReturnType<typeof source>, id: string) {
  return (await cache.many([id], db.load)).get(id);
}

describe('summaries cache in one process', () => {
  it('serves a batch from memory after one load of its misses', async () => {
    const db = source();
    db.rows.set('1', { v: 1 }).set('2', { v: 2 });
    const cache = createSummaryCaches({ prefix: 'unit', log: quiet }).kind<{ v: number }>('thing', 10);
    expect([...(await cache.many(['1', '2', '3'], db.load)).keys()]).toEqual(['1', '2']);
    expect(db.reads()).toBe(1);
    await cache.many(['2', '1'], db.load);
    expect(db.reads()).toBe(1);
  });

  it('a read that started before an invalidation does not put its older value back', async () => {
    const db = source();
    const cache = createSummaryCaches({ prefix: 'unit', log: quiet }).kind<{ v: number }>('thing', 10);
    const race = await raceWithWrite(cache, cache, db, '1');
    expect((await race.release()).get('1')).toEqual({ v: 1 });
    expect(await current(cache, db, '1')).toEqual({ v: 2 });
  });

  it('keeps the guard for keys invalidated long ago, when many others were invalidated since', async () => {
    const db = source();
    const cache = createSummaryCaches({ prefix: 'unit', log: quiet }).kind<{ v: number }>('thing', 2);
    const race = await raceWithWrite(cache, cache, db, '1');
    await cache.forget(['2', '3', '4']);
    await race.release();
    expect(await current(cache, db, '1')).toEqual({ v: 2 });
  });
});

describe.runIf(process.env.REDIS_URL)('summaries cache shared through Redis', () => {
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
