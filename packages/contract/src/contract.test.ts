import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUERY_HASHES } from './query-hashes.js';
import { queryVariables } from './queries.js';
import { COMMENT_LIKES_PAGE } from './posts.js';
import { normalizePathname, safeNext } from './routes.js';

describe('persisted query ids', () => {
  it('each id is the md5 hex of the query name', () => {
    for (const name of Object.keys(queryVariables)) {
      expect(QUERY_HASHES[name as keyof typeof QUERY_HASHES]).toBe(createHash('md5').update(name).digest('hex'));
    }
  });
});

describe('route helpers', () => {
  it('R-000-routes-1: pathnames are normalized to end with a trailing slash', () => {
    expect(normalizePathname('/accounts/login')).toBe('/accounts/login/');
    expect(normalizePathname('/alice')).toBe('/alice/');
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('/p/abc/')).toBe('/p/abc/');
    // files keep their names
    expect(normalizePathname('/favicon.svg')).toBe('/favicon.svg');
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z0-9_]{1,8}$/), { maxLength: 4 }), (segments) => {
      const out = normalizePathname(`/${segments.join('/')}`);
      expect(out.endsWith('/')).toBe(true);
      expect(normalizePathname(out)).toBe(out);
    }));
  });

  it('safeNext follows only same-site relative paths', () => {
    expect(safeNext('/alice/')).toBe('/alice/');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('/\t/evil.example')).toBe('/');
    expect(safeNext('/\\/evil.example')).toBe('/');
    expect(safeNext('/a\\b/')).toBe('/a\\b/');
    expect(safeNext(null)).toBe('/');
  });
});

describe('list page sizes', () => {
  it('R-002-comments-4: the comment likes query pages 24 at a time by default', () => {
    expect(queryVariables.comment_likes.parse({ comment_id: '1' }).first).toBe(COMMENT_LIKES_PAGE);
    expect(COMMENT_LIKES_PAGE).toBe(24);
  });

  it('parent comments page 24 at a time, replies 3 (spec 002 §9)', () => {
    expect(queryVariables.parent_comments.parse({ shortcode: 'abc' }).first).toBe(24);
    expect(queryVariables.child_comments.parse({ comment_id: '1' }).first).toBe(3);
  });
});
