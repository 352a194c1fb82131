import { describe, expect, it } from 'vitest';
import { createSummaryCaches } from '../src/platform/summary-cache.js';
import { current, quiet, raceWithWrite, source } from './helpers/summary-source.js';

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
