/** A database stand-in and a read racing a write, for the summaries cache's tests. */
import type { SummaryCaches } from '../../src/platform/summary-cache.js';

export const quiet = { warn: () => undefined };

/** A database stand-in: the value each id has now, and how many times it was read. */
export function source() {
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
export async function raceWithWrite(reader: ReturnType<SummaryCaches['kind']>, writer: ReturnType<SummaryCaches['kind']>, db: ReturnType<typeof source>, id: string, beforeWrite: () => Promise<void> = async () => undefined) {
  db.rows.set(id, { v: 1 });
  const slow = held(db);
  const reading = reader.many([id], slow.load);
  await beforeWrite();
  db.rows.set(id, { v: 2 });
  await writer.forget([id]);
  return { release: async () => { slow.release(); return reading; } };
}

/** What any reader gets for `id` now (the loader reads the database when nothing is cached). */
export async function current(cache: ReturnType<SummaryCaches['kind']>, db: ReturnType<typeof source>, id: string) {
  return (await cache.many([id], db.load)).get(id);
}

