import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, toPage } from './cursors.js';
import { HttpError } from './errors.js';

describe('keyset cursors', () => {
  it('round-trip the sort key', () => {
    expect(decodeCursor(encodeCursor(['123', 4]), 2)).toEqual(['123', 4]);
  });

  it('a cursor that is not ours is a 400, never a crash', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (s) => {
      try {
        decodeCursor(s, 1);
      } catch (err) {
        expect(err).toBeInstanceOf(HttpError);
        expect((err as HttpError).statusCode).toBe(400);
      }
    }));
    expect(() => decodeCursor(encodeCursor(['1', '2']), 1)).toThrow(HttpError);
  });

  it('a page of first+1 rows says there is a next page and where it starts', () => {
    const rows = [{ id: '5' }, { id: '4' }, { id: '3' }];
    const page = toPage(rows, 2, (r) => [r.id]);
    expect(page.items).toHaveLength(2);
    expect(page.page_info.has_next_page).toBe(true);
    expect(decodeCursor(page.page_info.end_cursor!, 1)).toEqual(['4']);
    const last = toPage(rows, 3, (r) => [r.id]);
    expect(last.page_info).toEqual({ has_next_page: false, end_cursor: null });
  });
});
