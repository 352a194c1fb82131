import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_KEYWORD_MAX_CHARS, COMMENT_KEYWORDS_MAX } from '@shutter/contract';
import { parseKeywords, wordMatcher } from './keywords.js';

describe('comment keywords', () => {
  it('splits on commas and lines, trims, and keeps each word once whatever its case', () => {
    expect(parseKeywords(' a , B,b\n\nc ,  d  e ')).toEqual({ ok: true, keywords: ['a', 'B', 'c', 'd e'] });
  });

  it(`refuses more than ${COMMENT_KEYWORDS_MAX} keywords or one longer than ${COMMENT_KEYWORD_MAX_CHARS} characters`, () => {
    expect(parseKeywords(Array.from({ length: COMMENT_KEYWORDS_MAX }, (_, i) => `w${i}`).join(',')).ok).toBe(true);
    expect(parseKeywords(Array.from({ length: COMMENT_KEYWORDS_MAX + 1 }, (_, i) => `w${i}`).join(','))).toMatchObject({ ok: false });
    expect(parseKeywords('x'.repeat(COMMENT_KEYWORD_MAX_CHARS))).toMatchObject({ ok: true });
    expect(parseKeywords('x'.repeat(COMMENT_KEYWORD_MAX_CHARS + 1))).toMatchObject({ ok: false });
  });

  it('matches whole words and phrases in any case and width, not parts of words', () => {
    const match = wordMatcher(['ass', 'sour grapes', 'c++']);
    expect(match('what an ASS!')).toBe(true);
    expect(match('ＡＳＳ')).toBe(true);
    expect(match('classy')).toBe(false);
    expect(match('just Sour  grapes')).toBe(false);
    expect(match('just sour grapes.')).toBe(true);
    expect(match('I write c++ daily')).toBe(true);
    expect(wordMatcher([])('anything')).toBe(false);
  });

  it('never throws on any input, and a listed word always matches itself', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 30 }), (text, word) => {
      parseKeywords(text);
      const trimmed = word.trim();
      if (/^[\p{L}\p{N}_].*[\p{L}\p{N}_]$|^[\p{L}\p{N}_]$/u.test(trimmed)) expect(wordMatcher([trimmed])(` ${trimmed} `)).toBe(true);
    }));
  });
});
