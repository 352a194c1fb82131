import { describe, expect, it } from 'vitest';
import { clusterOfPost, clusterTags, clusterWeights, engagementScore, HALF_LIFE_HOURS, tagIndex } from './ranking.js';

const HOUR = 3_600_000;

describe('explore ranking', () => {
  it('scores engagement, comments above likes, halving every half-life', () => {
    expect(engagementScore(3, 0, 0)).toBe(4);
    expect(engagementScore(0, 1, 0)).toBeGreaterThan(engagementScore(1, 0, 0));
    expect(engagementScore(3, 0, HALF_LIFE_HOURS * HOUR)).toBeCloseTo(2);
    expect(engagementScore(3, 0, -HOUR)).toBe(4);
  });

  it('groups tags that appear together, named by the most used, and leaves rare tags out', () => {
    const posts = [
      { tags: ['beach', 'sea'] }, { tags: ['beach', 'sea', 'sun'] }, { tags: ['beach'] }, { tags: ['sun', 'beach'] },
      { tags: ['bread', 'bake'] }, { tags: ['bread'] }, { tags: ['bread', 'bake'] },
      { tags: ['once'] },
    ];
    const clusters = clusterTags(posts);
    expect(clusters.map((c) => c.name)).toEqual(['beach', 'bread']);
    expect(clusters[0]).toEqual({ name: 'beach', tags: ['beach', 'sea', 'sun'], postCount: 4 });
    expect(clusters[1]!.tags).toEqual(['bread', 'bake']);
    const index = tagIndex(clusters);
    const order = new Map(clusters.map((c, i) => [c.name, i]));
    expect(clusterOfPost(['sea', 'bake', 'bread'], index, order)).toBe('bread');
    expect(clusterOfPost(['sea', 'bake'], index, order)).toBe('beach');
    expect(clusterOfPost(['once'], index, order)).toBe('');
  });

  it('weighs the clusters the viewer engages with up, and each dismissal halves its cluster', () => {
    const clusters = [{ name: 'beach', tags: ['beach', 'sea'], postCount: 3 }, { name: 'bread', tags: ['bread'], postCount: 2 }];
    const w = clusterWeights(clusters, new Map([['sea', 2], ['bread', 1]]), new Map([['bread', 1]]));
    expect(w.get('beach')).toBe(3);
    // Half as close (x2), dismissed once (x0.5): back to 1, which is left out.
    expect(w.has('bread')).toBe(false);
    expect(clusterWeights(clusters, new Map(), new Map([['bread', 2]])).get('bread')).toBe(0.25);
    expect(clusterWeights(clusters, new Map(), new Map()).size).toBe(0);
  });
});
