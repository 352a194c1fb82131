import { describe, expect, it } from 'vitest';
import { tileSize } from './explore-tile';

describe('the explore grid', () => {
  it('lays out one large tile every twelve posts, left then right', () => {
    expect(Array.from({ length: 13 }, (_, i) => tileSize(i))).toEqual([
      'largeLeft', 'small', 'small', 'small', 'small', 'small', 'largeRight', 'small', 'small', 'small', 'small', 'small', 'largeLeft',
    ]);
  });
});
