/**
 * How close a name is to what was typed, in typos: the optimal string alignment distance, where a
 * letter added, dropped or changed is one typo and so is a swap of two neighbouring letters
 * ("alcie" for "alice"). Names are compared folded: no case, no accents.
 */

import { fold } from '../../platform/fold.js';

/**
 * The fewest typos that turn `query` into `target`, or into the start of it when `prefix` is set
 * (what is typed is often the start of a name). Rows of the table are the query's letters.
 */
export function typoDistance(query: string, target: string, prefix = false): number {
  const a = [...query];
  const b = [...target];
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  const last = rows[a.length]!;
  return prefix ? Math.min(...last) : last[b.length]!;
}

/** How many typos a query of this length forgives: none below 3 letters, one up to 5, then two. */
export function typosAllowed(query: string): number {
  const n = [...query].length;
  return n < 3 ? 0 : n <= 5 ? 1 : 2;
}

/**
 * A person's closeness to a query, lower is closer: 0 the username or the whole name is the query,
 * 1 one of them or a word of the name starts with it, 1 + n when it takes n typos to get there.
 */
export function personCloseness(query: string, person: { username: string; full_name: string }): number {
  const q = fold(query.trim());
  const username = fold(person.username);
  const name = fold(person.full_name.trim());
  if (!q) return Infinity;
  if (username === q || name === q) return 0;
  const candidates = [username, name, ...name.split(/\s+/).filter(Boolean)];
  let best = Infinity;
  for (const c of candidates) {
    best = Math.min(best, typoDistance(q, c, true));
    if (best === 0) break;
  }
  return 1 + best;
}
