/**
 * 64-bit time-sortable ids: 41 bits of milliseconds since EPOCH, 13 shard bits, 10 sequence bits
 * (1,024 ids per millisecond per shard). Sorting by id sorts by creation time, so most lists page
 * on the id alone. Ids travel as decimal strings because JSON numbers lose precision past 2^53.
 */
export const EPOCH_MS = Date.UTC(2026, 0, 1);
const SHARD_BITS = 13n;
const SEQUENCE_BITS = 10n;
const MAX_SEQUENCE = (1n << SEQUENCE_BITS) - 1n;
const MAX_SHARD = (1 << Number(SHARD_BITS)) - 1;

export interface IdParts {
  timestampMs: number;
  shard: number;
  sequence: number;
}

export function composeId({ timestampMs, shard, sequence }: IdParts): bigint {
  return (
    (BigInt(timestampMs - EPOCH_MS) << (SHARD_BITS + SEQUENCE_BITS)) |
    (BigInt(shard) << SEQUENCE_BITS) |
    BigInt(sequence)
  );
}

export function decomposeId(id: bigint | string): IdParts {
  const n = BigInt(id);
  return {
    timestampMs: Number(n >> (SHARD_BITS + SEQUENCE_BITS)) + EPOCH_MS,
    shard: Number((n >> SEQUENCE_BITS) & BigInt(MAX_SHARD)),
    sequence: Number(n & MAX_SEQUENCE),
  };
}

export type IdGenerator = () => string;

/** A generator for one process. When the sequence overflows within a millisecond it waits for the next one. */
export function createIdGenerator(shard: number, now: () => number = Date.now): IdGenerator {
  if (!Number.isInteger(shard) || shard < 0 || shard > MAX_SHARD) throw new RangeError(`shard must be 0..${MAX_SHARD}`);
  let lastMs = -1;
  let sequence = 0;
  return () => {
    let ms = Math.max(now(), lastMs);
    if (ms === lastMs) {
      sequence += 1;
      if (sequence > Number(MAX_SEQUENCE)) {
        ms = lastMs + 1; // borrow the next millisecond rather than spin
        sequence = 0;
      }
    } else {
      sequence = 0;
    }
    lastMs = ms;
    return composeId({ timestampMs: ms, shard, sequence }).toString();
  };
}


