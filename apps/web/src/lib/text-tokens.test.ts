import { describe, expect, it } from 'vitest';
import { tokenizeText } from './text-tokens';

describe('caption tokens', () => {
  it('links hashtags and mentions and keeps the text around them', () => {
    expect(tokenizeText('Sunset #Beach with @ana.b.')).toEqual([
      { kind: 'text', text: 'Sunset ' },
      { kind: 'tag', text: '#Beach', tag: 'beach' },
      { kind: 'text', text: ' with ' },
      { kind: 'mention', text: '@ana.b', username: 'ana.b' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('ignores numbers, e-mail addresses and mid-word signs', () => {
    expect(tokenizeText('room #1 mail a@b.com x#y').every((t) => t.kind === 'text')).toBe(true);
  });

  it('reads tags in any script', () => {
    expect(tokenizeText('#café #東京').filter((t) => t.kind === 'tag').map((t) => (t.kind === 'tag' ? t.tag : ''))).toEqual(['café', '東京']);
  });
});
