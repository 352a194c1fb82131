import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_FIRST_LEVEL_MAX, DIRECTORY_HASHTAG_FIRST_LEVEL_MAX, DIRECTORY_SECOND_LEVEL_MAX } from '@shutter/contract';
import { childrenOf, isLastLevel, LEAF_SIZE, locate, parseKey, treeOf, type Node, type Tree } from './keys.js';

/** Every last-level node of the tree, walking down from the root. */
function leaves(tree: Tree, node: Node, levels: { depth: number; count: number }[]): Node[] {
  if (isLastLevel(tree, node)) return [node];
  const children = childrenOf(tree, node);
  levels.push({ depth: node.parts.length, count: children.length });
  return children.flatMap((child) => leaves(tree, child, levels));
}

describe('directory keys', () => {
  it('R-002-directories-6 R-002-directories-7 R-002-directories-8: levels hold at most 100 (hashtags 11), then 10; the leaves cover every entry once, in order', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 120_000 }), fc.boolean(), (entries, hashtags) => {
      const firstMax = hashtags ? DIRECTORY_HASHTAG_FIRST_LEVEL_MAX : DIRECTORY_FIRST_LEVEL_MAX;
      const tree = treeOf(entries, firstMax);
      const levels: { depth: number; count: number }[] = [];
      const root = locate(tree, [])!;
      const all = leaves(tree, root, levels);
      for (const level of levels) expect(level.count).toBeLessThanOrEqual(level.depth === 0 ? firstMax : DIRECTORY_SECOND_LEVEL_MAX);
      if (entries === 0) return;
      expect(all.map((n) => n.start)).toEqual(all.map((_, i) => i));
      expect(all.every((n) => n.end === n.start + 1)).toBe(true);
      expect(all.length).toBe(Math.ceil(entries / LEAF_SIZE));
    }), { numRuns: 200 });
  });

  it('a million accounts are four levels deep, and every key there is found again by locate', () => {
    const tree = treeOf(1_000_000, DIRECTORY_FIRST_LEVEL_MAX);
    expect(tree.depth).toBe(4);
    expect(childrenOf(tree, locate(tree, [])!)).toHaveLength(DIRECTORY_FIRST_LEVEL_MAX);
    expect(locate(tree, [99, 9, 9, 9])).toEqual({ parts: [99, 9, 9, 9], start: 99_999, end: 100_000 });
    expect(locate(tree, [100])).toBeNull();
    expect(locate(tree, [0, 10])).toBeNull();
    expect(locate(tree, [0, 0, 0, 0, 0])).toBeNull();
  });

  it('R-002-directories-5: only a root number and numeric sub-keys, without leading zeros, are keys', () => {
    expect(parseKey('0')).toEqual([0]);
    expect(parseKey('12-3-0')).toEqual([12, 3, 0]);
    for (const bad of ['', '-', '0-', '-0', '01', '0--1', 'a', '1.0', '1 2', '٣', '1-2-3-4-5-6-7-8-9-10-11']) expect(parseKey(bad), bad).toBeNull();
    fc.assert(fc.property(fc.string(), (s) => {
      const parts = parseKey(s);
      if (parts) expect(parts.join('-')).toBe(s);
    }));
  });
});
