import { describe, expect, it } from 'vitest';
import { normalizeWebsite } from './website.js';

describe('a profile website', () => {
  it('is made a full address from what people type', () => {
    expect(normalizeWebsite('example.org/me')).toBe('https://example.org/me');
    expect(normalizeWebsite('  http://blog.example.com/a?b=1#c ')).toBe('http://blog.example.com/a?b=1#c');
    expect(normalizeWebsite('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(normalizeWebsite('example.com:8080/shop')).toBe('https://example.com:8080/shop');
    expect(normalizeWebsite('münchen.example')).toBe('https://münchen.example');
  });

  it('is refused when it could lead somewhere other than it shows', () => {
    for (const input of [
      '//evil.example', '///evil.example/x', '/\\evil.example', 'https:///evil.example', 'https:////evil.example', 'https://\\evil.example',
      'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'ftp://files.example', 'mailto:a@example.com',
      'https://bank.example@evil.example', 'https://user:pass@evil.example', 'evil .example', 'https://evil.example/a b',
      'localhost', 'https://.example', 'not a url', '',
    ]) {
      expect(normalizeWebsite(input), input).toBeNull();
    }
  });
});
