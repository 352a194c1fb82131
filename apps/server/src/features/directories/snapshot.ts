import { LEAF_SIZE } from './keys.js';

/** Reads a directory's entries in order, a batch after `after` (exclusive), by keyset. */
export type EntryScan = (after: string | null, limit: number) => Promise<string[]>;

/** A directory's leaves: the first and last entry of each run of LEAF_SIZE entries, in order. */
export interface Snapshot {
  entryCount: number;
  leafFirst: string[];
  leafLast: string[];
}

const SCAN_BATCH = 5_000;

/**
 * One pass over the entries in keyset batches (no OFFSET), keeping every leaf's first and last
 * entry. A million accounts are 200 index-range reads and 100,000 leaves (a few MB); pages then
 * read only their own leaves.
 */
export async function buildSnapshot(scan: EntryScan): Promise<Snapshot> {
  const leafFirst: string[] = [];
  const leafLast: string[] = [];
  let count = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await scan(after, SCAN_BATCH);
    for (const entry of batch) {
      if (count % LEAF_SIZE === 0) leafFirst.push(entry);
      leafLast[leafFirst.length - 1] = entry;
      count += 1;
    }
    if (batch.length < SCAN_BATCH) break;
    after = batch[batch.length - 1]!;
  }
  return { entryCount: count, leafFirst, leafLast };
}

/**
 * The snapshot kept for `maxAgeMs`: the first read builds it; past that age the next read gets
 * the old one while a new one is built (one build at a time).
 */
export function keptSnapshot(scan: EntryScan, maxAgeMs: number, onError: (err: unknown) => void) {
  let current: { snapshot: Snapshot; builtAt: number } | null = null;
  let building: Promise<Snapshot> | null = null;

  function rebuild(): Promise<Snapshot> {
    building ??= buildSnapshot(scan)
      .then((snapshot) => {
        current = { snapshot, builtAt: Date.now() };
        return snapshot;
      })
      .finally(() => { building = null; });
    return building;
  }

  return async function read(): Promise<Snapshot> {
    if (!current) return rebuild();
    if (Date.now() - current.builtAt > maxAgeMs) rebuild().catch(onError);
    return current.snapshot;
  };
}
