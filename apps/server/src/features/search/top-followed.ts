/**
 * The most followed entries of any range of a sorted list, without reading the range: a segment
 * tree holds, for each block of positions, the position of its most followed entry. A prefix as
 * short as "ma" spans a fifth of a million usernames; its top 50 still cost a few hundred steps.
 */
export interface TopFollowed {
  /**
   * Positions in [lo, hi) from the most followed down, skipping those `skip` refuses, until `take`
   * have been given; a range of mostly refused positions gives up after a bounded number of looks.
   */
  top(lo: number, hi: number, take: number, skip: (position: number) => boolean): number[];
}

export function createTopFollowed(followersAt: (position: number) => number, length: number): TopFollowed {
  let size = 1;
  while (size < Math.max(1, length)) size *= 2;
  // Leaves at size..2*size-1; -1 marks a leaf past the end.
  const tree = new Int32Array(2 * size).fill(-1);
  for (let i = 0; i < length; i++) tree[size + i] = i;
  const better = (a: number, b: number) => {
    if (a < 0) return b;
    if (b < 0) return a;
    return followersAt(b) > followersAt(a) ? b : a;
  };
  for (let node = size - 1; node >= 1; node--) tree[node] = better(tree[2 * node]!, tree[2 * node + 1]!);

  /** The most followed position in [lo, hi), or -1 when the range is empty. */
  function best(lo: number, hi: number): number {
    let found = -1;
    for (let l = lo + size, r = hi + size; l < r; l >>= 1, r >>= 1) {
      if (l & 1) found = better(found, tree[l++]!);
      if (r & 1) found = better(found, tree[--r]!);
    }
    return found;
  }

  return {
    top(lo, hi, take, skip) {
      const out: number[] = [];
      // Each open range with its best position; the best of all is given next and its range split around it.
      const open: { lo: number; hi: number; at: number }[] = [];
      const push = (l: number, h: number) => {
        if (l < h) open.push({ lo: l, hi: h, at: best(l, h) });
      };
      push(lo, hi);
      let visits = 0;
      const maxVisits = take * 8 + 64;
      while (out.length < take && open.length > 0 && visits < maxVisits) {
        let pick = 0;
        for (let i = 1; i < open.length; i++) if (followersAt(open[i]!.at) > followersAt(open[pick]!.at)) pick = i;
        const { lo: l, hi: h, at } = open[pick]!;
        open[pick] = open[open.length - 1]!;
        open.pop();
        visits += 1;
        if (!skip(at)) out.push(at);
        push(l, at);
        push(at + 1, h);
      }
      return out;
    },
  };
}
