import { describe, expect, it } from 'vitest';
import { etagOf, noneMatch } from './page-cache.js';

describe('page validators', () => {
  it('names a body by a hash of it, weakly (the body may go out compressed)', () => {
    expect(etagOf('<p>a</p>')).toBe(etagOf(Buffer.from('<p>a</p>')));
    expect(etagOf('<p>a</p>')).not.toBe(etagOf('<p>b</p>'));
    expect(etagOf('')).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
  });

  it('compares If-None-Match weakly, in a list, and with *', () => {
    const etag = etagOf('page');
    const bare = etag.slice(2);
    expect(noneMatch(undefined, etag)).toBe(true);
    expect(noneMatch('', etag)).toBe(true);
    expect(noneMatch(etag, etag)).toBe(false);
    expect(noneMatch(bare, etag)).toBe(false);
    expect(noneMatch(`"x", W/"y" ,${bare}`, etag)).toBe(false);
    expect(noneMatch('*', etag)).toBe(false);
    expect(noneMatch('W/"x", "y"', etag)).toBe(true);
  });
});
