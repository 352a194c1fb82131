import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { directPaths } from '@shutter/contract';
import { integerValue, parsePatchPath } from './patch-path';

describe('delta paths', () => {
  it('reads back every path of the contract', () => {
    expect(parsePatchPath(directPaths.item('1', '2'))).toEqual({ kind: 'item', threadId: '1', itemId: '2' });
    expect(parsePatchPath(directPaths.hasSeen('1', '3'))).toEqual({ kind: 'hasSeen', threadId: '1', userId: '3' });
    expect(parsePatchPath(directPaths.typing('1', '4'))).toEqual({ kind: 'typing', threadId: '1', indicatorId: '4' });
    expect(parsePatchPath(directPaths.inboxThread('5'))).toEqual({ kind: 'inboxThread', threadId: '5' });
    expect(parsePatchPath(directPaths.unseenCount)).toEqual({ kind: 'unseenCount' });
  });

  it('R-002-direct-realtime-5: a number in a path that is not an integer makes it no path of ours', () => {
    for (const bad of ['1.5', '-1', '1e3', 'x', '', '0x1f']) {
      expect(parsePatchPath(directPaths.item(bad, '2'))).toBeNull();
      expect(parsePatchPath(directPaths.item('1', bad))).toBeNull();
      expect(parsePatchPath(directPaths.hasSeen('1', bad))).toBeNull();
      expect(parsePatchPath(directPaths.inboxThread(bad))).toBeNull();
    }
    expect(integerValue(3)).toBe(3);
    expect(integerValue('12')).toBe(12);
    expect(integerValue(2.5)).toBeNull();
    expect(integerValue('2.5')).toBeNull();
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string(), (path) => {
      const target = parsePatchPath(path);
      return target === null || typeof target.kind === 'string';
    }));
  });
});
