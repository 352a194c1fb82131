import { DIRECTORY_SECOND_LEVEL_MAX } from '@shutter/contract';

/**
 * The key scheme of the profile and hashtag directories. The entries (usernames or hashtags, in
 * order) are cut into leaves of DIRECTORY_SECOND_LEVEL_MAX; the root page lists up to `firstMax`
 * first-level keys, every deeper page up to DIRECTORY_SECOND_LEVEL_MAX sub-keys, and the pages of
 * the last level list a leaf's entries. The tree is as deep as the number of entries needs
 * (profiles: 1 level up to 1,000 accounts, 2 up to 10,000, 4 for a million), so a key is a root
 * number and numeric sub-keys: `7`, `7-3`, `7-3-0`.
 */
export const LEAF_SIZE = DIRECTORY_SECOND_LEVEL_MAX;
const BRANCH = DIRECTORY_SECOND_LEVEL_MAX;

export interface Tree {
  leafCount: number;
  firstMax: number;
  /** Levels of keys below the root; the last of them lists entries. */
  depth: number;
}

/** A node of the tree: its key parts and the leaves it covers, [start, end). */
export interface Node {
  parts: number[];
  start: number;
  end: number;
}

export function treeOf(entryCount: number, firstMax: number): Tree {
  const leafCount = Math.ceil(entryCount / LEAF_SIZE);
  let depth = 1;
  let capacity = firstMax;
  while (capacity < leafCount) {
    capacity *= BRANCH;
    depth += 1;
  }
  return { leafCount, firstMax, depth };
}

/** How many leaves a node at this depth (1 = first level) covers. */
const spanAt = (tree: Tree, depth: number) => BRANCH ** (tree.depth - depth);

const KEY = /^(?:0|[1-9]\d{0,5})(?:-(?:0|[1-9]\d{0,5}))*$/;
/** Longer than any tree this scheme can hold (ten levels are 10^11 entries). */
const MAX_PARTS = 10;

/** The parts of a well-formed key (a root number and numeric sub-keys, no leading zeros), or null. */
export function parseKey(raw: string): number[] | null {
  if (raw.length > 80 || !KEY.test(raw)) return null;
  const parts = raw.split('-').map(Number);
  return parts.length <= MAX_PARTS ? parts : null;
}

export const keyOf = (parts: number[]) => parts.join('-');

/** The node a key names, or null when there is no such list in this tree. */
export function locate(tree: Tree, parts: number[]): Node | null {
  if (parts.length === 0) return { parts, start: 0, end: tree.leafCount };
  if (parts.length > tree.depth) return null;
  let start = 0;
  for (const [i, part] of parts.entries()) {
    if (part >= (i === 0 ? tree.firstMax : BRANCH)) return null;
    start += part * spanAt(tree, i + 1);
  }
  if (start >= tree.leafCount) return null;
  return { parts, start, end: Math.min(tree.leafCount, start + spanAt(tree, parts.length)) };
}

/** The keys one level below a node (none on the last level). */
export function childrenOf(tree: Tree, node: Node): Node[] {
  const depth = node.parts.length + 1;
  if (depth > tree.depth) return [];
  const span = spanAt(tree, depth);
  const children: Node[] = [];
  for (let start = node.start, i = 0; start < node.end; start += span, i += 1) {
    children.push({ parts: [...node.parts, i], start, end: Math.min(node.end, start + span) });
  }
  return children;
}

export const isLastLevel = (tree: Tree, node: Node) => node.parts.length === tree.depth;
