import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCsrfTokens } from './csrf.js';

const tokens = createCsrfTokens(randomBytes(32));

describe('csrf tokens', () => {
  it('are good only beside the session cookie they were issued with, or with none', () => {
    const visitor = tokens.issue(null);
    const mine = tokens.issue('session-a');
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.isIssuedFor(visitor, null)).toBe(true);
    expect(tokens.isIssuedFor(visitor, 'session-a')).toBe(false);
    expect(tokens.isIssuedFor(mine, 'session-a')).toBe(true);
    expect(tokens.isIssuedFor(mine, 'session-b')).toBe(false);
    expect(tokens.isIssuedFor(mine, null)).toBe(false);
  });

  it('made up, altered or signed with another key are not issued', () => {
    const real = tokens.issue(null);
    const altered = `${real.slice(0, 10)}${real[10] === 'A' ? 'B' : 'A'}${real.slice(11)}`;
    for (const token of ['c'.repeat(32), 'c'.repeat(43), altered, createCsrfTokens(randomBytes(32)).issue(null), '', `${real}=`]) {
      expect(tokens.isIssuedFor(token, null), token).toBe(false);
    }
  });

  it('masked, differ on every answer and still match the token, which nothing else does', () => {
    const token = tokens.issue('session-a');
    const masked = [tokens.mask(token), tokens.mask(token)];
    expect(masked[0]).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(masked[0]).not.toBe(masked[1]);
    for (const sent of [token, ...masked]) expect(tokens.matches(sent, token)).toBe(true);
    const other = tokens.issue('session-a');
    for (const sent of [other, tokens.mask(other), '', 'x', masked[0]!.slice(1), token.toUpperCase()]) expect(tokens.matches(sent, token), sent).toBe(false);
  });
});
