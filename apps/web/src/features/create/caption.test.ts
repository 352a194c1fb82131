import { describe, expect, it } from 'vitest';
import { CAPTION_MAX_LENGTH, MAX_HASHTAGS } from '@shutter/contract';
import { captionProblem, countHashtags, insertSuggestion, tokenAtCaret } from './caption';

describe('caption limits', () => {
  it('counts distinct hashtags as the server does', () => {
    expect(countHashtags('#Sun #sun #sea and #1 a#b &#39; #café')).toBe(3);
    expect(countHashtags('no tags')).toBe(0);
  });

  it(`refuses more than ${CAPTION_MAX_LENGTH} characters or ${MAX_HASHTAGS} hashtags`, () => {
    expect(captionProblem('a'.repeat(CAPTION_MAX_LENGTH))).toBeNull();
    expect(captionProblem('a'.repeat(CAPTION_MAX_LENGTH + 1))).toBe('tooLong');
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#t${i}`).join(' ');
    expect(captionProblem(tags(MAX_HASHTAGS))).toBeNull();
    expect(captionProblem(tags(MAX_HASHTAGS + 1))).toBe('tooManyHashtags');
  });
});

describe('suggestions while typing', () => {
  it('finds the @ or # token before the caret', () => {
    expect(tokenAtCaret('hi @al', 6)).toEqual({ trigger: '@', query: 'al', start: 3 });
    expect(tokenAtCaret('#', 1)).toEqual({ trigger: '#', query: '', start: 0 });
    expect(tokenAtCaret('with @ana.b', 11)).toEqual({ trigger: '@', query: 'ana.b', start: 5 });
    expect(tokenAtCaret('mail me@example', 15)).toBeNull();
    expect(tokenAtCaret('hi @al there', 12)).toBeNull();
    expect(tokenAtCaret('#sun.', 5)).toBeNull();
  });

  it('inserts the pick with a trailing space and moves the caret after it', () => {
    const text = 'hi @al and more';
    const token = tokenAtCaret(text, 6)!;
    expect(insertSuggestion(text, 6, token, 'alice')).toEqual({ text: 'hi @alice and more', caret: 10 });
    const mid = tokenAtCaret('#su', 3)!;
    expect(insertSuggestion('#sunset', 3, mid, 'sunrise')).toEqual({ text: '#sunrise ', caret: 9 });
  });
});
