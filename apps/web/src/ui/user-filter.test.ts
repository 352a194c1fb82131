import { describe, expect, it } from 'vitest';
import { filterUsers } from './user-filter';

const people = [
  { username: 'alice', full_name: 'Alice Martin' },
  { username: 'jose.r', full_name: 'José Ramírez' },
  { username: 'bob', full_name: '' },
];

describe('filtering a list of people', () => {
  it('matches the username or the full name, ignoring case, accents and a leading @', () => {
    expect(filterUsers(people, 'MART').map((p) => p.username)).toEqual(['alice']);
    expect(filterUsers(people, 'ramirez').map((p) => p.username)).toEqual(['jose.r']);
    expect(filterUsers(people, '@bo').map((p) => p.username)).toEqual(['bob']);
  });

  it('an empty or blank search keeps everyone, in order', () => {
    expect(filterUsers(people, '  ')).toEqual(people);
  });
});
