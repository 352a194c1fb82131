import { describe, expect, it } from 'vitest';
import { createNameIndex, type IndexedAccount } from './name-index.js';

const account = (id: number, username: string, full_name: string, follower_count = 0): IndexedAccount => ({ id: String(id), username, full_name, follower_count });
const ids = (index: ReturnType<typeof createNameIndex>, query: string, take = 10) => index.candidates(query, take).candidates.map((c) => c.id);

describe('the people index', () => {
  const world = () => createNameIndex([
    account(1, 'mar', 'Nobody Here', 0),
    account(2, 'maria_r', 'María Ramírez', 500),
    account(3, 'marco', 'Marco Polo', 900),
    account(4, 'sofi', 'Sofía Ramírez', 50),
    account(5, 'jon', 'Jonathan Byrne', 10),
    account(6, 'lq', 'Anna Lindqvist', 70),
  ]);

  it('proposes the exact username first, then prefixes of usernames, names and words of names by followers', () => {
    expect(ids(world(), 'mar')).toEqual(['1', '3', '2']);
    expect(ids(world(), 'ramirez')).toEqual(['2', '4']);
    // A phrase from a word on, accents and case aside.
    expect(ids(world(), 'SOFIA RAM')).toEqual(['4']);
  });

  it('proposes names a typo or two away, swapped letters included, after the closer ones', () => {
    expect(ids(world(), 'jonahtan')).toEqual(['5']);
    expect(ids(world(), 'lindkvist')).toEqual(['6']);
    expect(world().candidates('jonahtan', 5).spellings).toContain('jonathan');
    // Two letters forgive nothing.
    expect(ids(world(), 'jx')).toEqual([]);
  });

  it('cuts a common prefix at the most followed, keeping an exact match that has few followers', () => {
    const many = Array.from({ length: 5000 }, (_, i) => account(100 + i, `mark${i}`, `Mark ${i}`, i));
    const index = createNameIndex([account(1, 'mark', 'Quiet One', 0), ...many]);
    expect(ids(index, 'mark', 3)).toEqual(['1', '5099', '5098']);
  });

  it('finds a new or renamed account at once, not under its old name, and drops a gone one', () => {
    const index = world();
    expect(ids(index, 'marco')).toEqual(['3']);
    index.apply([account(7, 'newbie', 'Fresh Face', 1), account(3, 'polo', 'Renamed Person', 900)]);
    expect(ids(index, 'fresh')).toEqual(['7']);
    expect(ids(index, 'renamed')).toEqual(['3']);
    expect(ids(index, 'marco')).toEqual([]);
    index.apply([], ['2']);
    expect(ids(index, 'maria')).toEqual([]);
    expect(index.size).toBe(6);
  });

  it('merges many changes into its sorted lists and answers the same', () => {
    const index = world();
    const renamed = Array.from({ length: 2500 }, (_, i) => account(1000 + i, `late${i}`, `Late Comer ${i}`, i));
    index.apply(renamed, ['5']);
    index.apply([account(2, 'maria_r', 'María Renamed', 500)]);
    expect(ids(index, 'late', 2)).toEqual(['3499', '3498']);
    expect(ids(index, 'jonathan')).toEqual([]);
    expect(ids(index, 'renamed')).toEqual(['2']);
    expect(index.size).toBe(2505);
  });
});
