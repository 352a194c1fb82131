import { describe, expect, it } from 'vitest';
import { neighbourSwaps } from '../accounts/user-search.js';
import { personCloseness, typoDistance, typosAllowed } from './closeness.js';

describe('how close a name is to a query', () => {
  it('counts a swap of two neighbouring letters as one typo, as a letter added, dropped or changed is', () => {
    expect(typoDistance('alcie', 'alice')).toBe(1);
    expect(typoDistance('jonahtan', 'jonathan')).toBe(1);
    expect(typoDistance('alise', 'alice')).toBe(1);
    expect(typoDistance('carl', 'carol')).toBe(1);
    expect(typoDistance('crl', 'carol')).toBe(2);
    expect(typoDistance('tvoha', 'tovah')).toBe(2);
    expect(typoDistance('', 'abc')).toBe(3);
    expect(typoDistance('abc', 'abc')).toBe(0);
    // Against the start of a name: what is typed is often the start of it.
    expect(typoDistance('carl', 'caroline', true)).toBe(1);
    expect(typoDistance('lind', 'lindqvist', true)).toBe(0);
    expect(typoDistance('lindkvist', 'lindqvist', true)).toBe(1);
  });

  it('ranks a person exact, then starting with the query, then by typos, over the username, the name and each word of it', () => {
    const alice = { username: 'alice', full_name: 'Alice Martin' };
    expect(personCloseness('alice', alice)).toBe(0);
    expect(personCloseness('Alice Martin', alice)).toBe(0);
    expect(personCloseness('ali', alice)).toBe(1);
    expect(personCloseness('martin', alice)).toBe(1);
    expect(personCloseness('MARTÍN', alice)).toBe(1);
    expect(personCloseness('alcie', alice)).toBe(2);
    expect(personCloseness('mratin', alice)).toBe(2);
    expect(personCloseness('zzzz', alice)).toBeGreaterThan(3);
    expect(typosAllowed('ab')).toBe(0);
    expect(typosAllowed('carl')).toBe(1);
    expect(typosAllowed('lindkvist')).toBe(2);
  });

  it('spells a query with each pair of neighbouring letters swapped, leaving out swaps that change nothing or cross a space', () => {
    expect(neighbourSwaps('Alcie')).toEqual(['lacie', 'aclie', 'alice', 'alcei']);
    expect(neighbourSwaps('anna')).toEqual(['nana', 'anan']);
    expect(neighbourSwaps('al b')).toEqual(['la b']);
    expect(neighbourSwaps('ab')).toEqual([]);
    expect(neighbourSwaps('x'.repeat(30))).toEqual([]);
  });
});
