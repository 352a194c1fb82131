import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EPOCH_MS, composeId, createIdGenerator, decomposeId } from './ids.js';
import { idToShortcode, shortcodeToId } from './shortcodes.js';

describe('64-bit time-sortable ids', () => {
  it('compose and decompose are inverse', () => {
    fc.assert(fc.property(
      fc.integer({ min: EPOCH_MS, max: EPOCH_MS + 2 ** 40 }), fc.integer({ min: 0, max: 8191 }), fc.integer({ min: 0, max: 1023 }),
      (timestampMs, shard, sequence) => {
        expect(decomposeId(composeId({ timestampMs, shard, sequence }))).toEqual({ timestampMs, shard, sequence });
      },
    ));
  });

  it('later ids sort after earlier ones, as numbers', () => {
    let now = EPOCH_MS + 1000;
    const next = createIdGenerator(7, () => now);
    const ids: bigint[] = [];
    for (let i = 0; i < 3000; i++) {
      if (i % 700 === 0) now += 1;
      ids.push(BigInt(next()));
    }
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(decomposeId(ids[0]!).shard).toBe(7);
  });

  it('ids are decimal strings that fit in 64 bits', () => {
    const id = createIdGenerator(8191)();
    expect(id).toMatch(/^\d+$/);
    expect(BigInt(id) < 2n ** 63n).toBe(true);
  });

  it('rejects shard numbers outside 13 bits', () => {
    expect(() => createIdGenerator(8192)).toThrow(RangeError);
  });
});

describe('shortcodes', () => {
  it('a shortcode is the URL-safe base64 of the id, both directions', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (n) => {
      const code = idToShortcode(n);
      expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(shortcodeToId(code)).toBe(n.toString());
    }));
    expect(idToShortcode(63n)).toBe('_');
    expect(idToShortcode(64n)).toBe('BA');
  });

  it('anything else is not a shortcode', () => {
    expect(shortcodeToId('')).toBeNull();
    expect(shortcodeToId('abc$')).toBeNull();
    expect(shortcodeToId('AAAAAAAAAAAA')).toBeNull();
    expect(shortcodeToId('__________')).not.toBeNull(); // 60 bits
    expect(shortcodeToId('H__________')).toBe((2n ** 63n - 1n).toString()); // the largest bigint
    expect(shortcodeToId('IAAAAAAAAAA')).toBeNull(); // 2^63: past what the database holds
    expect(shortcodeToId('___________')).toBeNull(); // 66 bits
  });
});
