import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractHashtags, extractMentions } from './caption.js';

describe('caption parsing', () => {
  it('finds hashtags, lower-cased and distinct, in any script', () => {
    expect(extractHashtags('Sunset #Beach #beach #sommer2026 #café and #日本 #1')).toEqual(['beach', 'sommer2026', 'café', '日本']);
    expect(extractHashtags('no tags here, not even a#tag or &#38;')).toEqual([]);
  });

  it('finds mentions, drops a sentence-ending period, ignores emails', () => {
    expect(extractMentions('with @Alice and @bob. Mail carol@example.com @dan_k.w')).toEqual(['alice', 'bob', 'dan_k.w']);
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 500 }), (s) => {
      for (const t of extractHashtags(s)) expect(t).toBe(t.toLowerCase());
      for (const m of extractMentions(s)) expect(m).toMatch(/^[a-z0-9._]+$/);
    }));
  });
});
