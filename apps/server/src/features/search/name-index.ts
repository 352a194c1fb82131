import { fold } from '../../platform/fold.js';
import { typoDistance, typosAllowed } from './closeness.js';
import { createTopFollowed, type TopFollowed } from './top-followed.js';

/** An account as people search knows it: what it is found by and how it is ranked. */
export interface IndexedAccount {
  id: string;
  username: string;
  full_name: string;
  follower_count: number;
}

/** A person the index proposes, closest first: 0 exact, 1 starts with the query, 2 a typo or more away. */
export interface Candidate {
  id: string;
  tier: number;
  /** personCloseness's measure: 0 exact, 1 a prefix, 1 + n for n typos. */
  closeness: number;
  follower_count: number;
}

/** Changes kept beside the sorted lists before they are merged in: each query also reads these one by one. */
const PENDING_MAX = 2000;
/** Words of names a misspelt word is compared with, the ones sharing the most letter pairs with it. */
const NEAR_WORDS_CHECKED = 300;
/** Close words read as names, the closest first. */
const NEAR_WORDS_READ = 5;
/** Candidates per swapped spelling of the query (two neighbouring letters swapped). */
const SWAP_CANDIDATES = 10;
/** Answers kept per query until the next change: typing ahead asks for the same prefixes again and again. */
const ANSWERS_KEPT = 5000;

const ASCII = /^[\x20-\x7e]*$/;
/** Folded as search compares: no case, no accents, one space between words. */
export function foldForSearch(text: string): string {
  const folded = ASCII.test(text) ? text.toLowerCase() : fold(text);
  return folded.trim().split(/\s+/).filter(Boolean).join(' ');
}

interface Folded {
  id: string;
  username: string;
  name: string;
  follower_count: number;
}

const foldAccount = (a: IndexedAccount): Folded => ({
  id: a.id, username: foldForSearch(a.username), name: foldForSearch(a.full_name), follower_count: a.follower_count,
});

/** The query with two neighbouring letters swapped, at each place: one typo that shares few letter pairs. */
function swapsOf(q: string): string[] {
  const letters = [...q];
  const out = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1] || letters[i] === ' ' || letters[i + 1] === ' ') continue;
    const s = [...letters];
    [s[i], s[i + 1]] = [letters[i + 1]!, letters[i]!];
    out.add(s.join(''));
  }
  out.delete(q);
  return [...out];
}

const pairsOf = (word: string): string[] => {
  const padded = `^${word}`;
  const out: string[] = [];
  for (let i = 0; i + 1 < padded.length; i++) out.push(padded.slice(i, i + 2));
  return out;
};

/** First index in `sorted` whose value is not below `key`. */
function lowerBound(length: number, at: (i: number) => string, key: string): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The accounts of the network, held sorted for search: usernames, and every word of every name
 * followed by the rest of the name ("maria jose ramirez", "jose ramirez", "ramirez"), so that a
 * name, a word of it or a phrase starting at a word is a range found by binary search; plus the
 * distinct words of names, by letter pairs, for misspellings. Entries are in id order; an account
 * that changed is marked dead there and held in a small map of pending changes until the next merge.
 */
class Snapshot {
  readonly ids: BigInt64Array;
  readonly idText: string[];
  readonly usernames: string[];
  readonly names: string[];
  readonly followers: Int32Array;
  readonly dead: Uint8Array;
  readonly userOrder: Int32Array;
  /** Distinct keys, sorted; the entries holding keys[i] are keyEntry[keyStart[i] .. keyStart[i + 1]). */
  readonly keys: string[];
  readonly keyStart: Int32Array;
  readonly keyEntry: Int32Array;
  readonly userTop: TopFollowed;
  readonly keyTop: TopFollowed;
  readonly words: string[];
  readonly wordsByPair: Map<string, Int32Array>;

  constructor(accounts: readonly Folded[]) {
    const n = accounts.length;
    this.idText = accounts.map((a) => a.id);
    this.ids = BigInt64Array.from(this.idText, (id) => BigInt(id));
    this.usernames = accounts.map((a) => a.username);
    this.names = accounts.map((a) => a.name);
    this.followers = Int32Array.from(accounts, (a) => a.follower_count);
    this.dead = new Uint8Array(n);

    const usernames = this.usernames;
    this.userOrder = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (usernames[a]! < usernames[b]! ? -1 : usernames[a]! > usernames[b]! ? 1 : 0));

    // Names repeat: each distinct key is sorted once, with the entries that hold it.
    const holders = new Map<string, number[]>();
    const wordSet = new Set<string>();
    for (let i = 0; i < n; i++) {
      const name = this.names[i]!;
      if (!name) continue;
      let at = 0;
      for (;;) {
        const key = at === 0 ? name : name.slice(at);
        const list = holders.get(key);
        if (list) list.push(i);
        else holders.set(key, [i]);
        const space = name.indexOf(' ', at);
        const word = space < 0 ? name.slice(at) : name.slice(at, space);
        if (word.length >= 3) wordSet.add(word);
        if (space < 0) break;
        at = space + 1;
      }
    }
    this.keys = [...holders.keys()].sort();
    this.keyStart = new Int32Array(this.keys.length + 1);
    let total = 0;
    this.keys.forEach((k, i) => {
      this.keyStart[i] = total;
      total += holders.get(k)!.length;
    });
    this.keyStart[this.keys.length] = total;
    this.keyEntry = new Int32Array(total);
    this.keys.forEach((k, i) => this.keyEntry.set(holders.get(k)!, this.keyStart[i]!));

    const followers = this.followers;
    const userOrder = this.userOrder;
    const keyEntry = this.keyEntry;
    this.userTop = createTopFollowed((p) => followers[userOrder[p]!]!, n);
    this.keyTop = createTopFollowed((p) => followers[keyEntry[p]!]!, keyEntry.length);

    this.words = [...wordSet];
    const byPair = new Map<string, number[]>();
    this.words.forEach((w, wi) => {
      for (const pair of new Set(pairsOf(w))) {
        const list = byPair.get(pair);
        if (list) list.push(wi);
        else byPair.set(pair, [wi]);
      }
    });
    this.wordsByPair = new Map([...byPair].map(([pair, list]) => [pair, Int32Array.from(list)]));
  }

  entryOf(id: string): number {
    const want = BigInt(id);
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < want) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.ids.length && this.ids[lo] === want ? lo : -1;
  }

  /** Live entries whose username is `prefix` or (`exact` unset) starts with it, most followed first. */
  byUsername(prefix: string, take: number, exact = false): number[] {
    const at = (i: number) => this.usernames[this.userOrder[i]!]!;
    const lo = lowerBound(this.userOrder.length, at, prefix);
    const hi = lowerBound(this.userOrder.length, at, `${prefix}${exact ? '\u0000' : '\uffff'}`);
    return this.userTop.top(lo, hi, take, (p) => this.dead[this.userOrder[p]!] === 1).map((p) => this.userOrder[p]!);
  }

  /** Live entries with a word of the name (and what follows it) being `prefix` or (`exact` unset) starting with it, most followed first. */
  byName(prefix: string, take: number, exact = false): number[] {
    const at = (i: number) => this.keys[i]!;
    const lo = this.keyStart[lowerBound(this.keys.length, at, prefix)]!;
    const hi = this.keyStart[lowerBound(this.keys.length, at, `${prefix}${exact ? '\u0000' : '\uffff'}`)]!;
    const seen = new Set<number>();
    // A name with the prefix at two words ("ana ana") holds two keys of the range: given once.
    return this.keyTop.top(lo, hi, take, (p) => {
      const e = this.keyEntry[p]!;
      if (this.dead[e] === 1 || seen.has(e)) return true;
      seen.add(e);
      return false;
    }).map((p) => this.keyEntry[p]!);
  }

  /** Words of names within the typos `word` allows (it may be the start of one), closest first. */
  nearWords(word: string): string[] {
    const allowed = typosAllowed(word);
    if (allowed === 0) return [];
    const shared = new Map<number, number>();
    for (const pair of new Set(pairsOf(word))) {
      for (const wi of this.wordsByPair.get(pair) ?? []) shared.set(wi, (shared.get(wi) ?? 0) + 1);
    }
    const checked = [...shared].sort((a, b) => b[1] - a[1]).slice(0, NEAR_WORDS_CHECKED);
    const near: { w: string; d: number }[] = [];
    for (const [wi] of checked) {
      const w = this.words[wi]!;
      const d = typoDistance(word, w, true);
      if (d > 0 && d <= allowed) near.push({ w, d });
    }
    return near.sort((a, b) => a.d - b.d || (a.w < b.w ? -1 : 1)).slice(0, NEAR_WORDS_READ).map((x) => x.w);
  }
}

/** How an account (folded) stands to a folded query, or null when it does not match it. */
export function measure(q: string, fuzzy: boolean, a: { username: string; name: string }): { tier: number; closeness: number } | null {
  if (a.username === q || a.name === q) return { tier: 0, closeness: 0 };
  if (a.username.startsWith(q) || a.name.startsWith(q) || ` ${a.name}`.includes(` ${q}`)) return { tier: 1, closeness: 1 };
  if (!fuzzy) return null;
  const allowed = typosAllowed(q);
  let best = Infinity;
  for (const c of [a.username, a.name, ...a.name.split(' ')]) {
    if (!c) continue;
    best = Math.min(best, typoDistance(q, c, true));
    if (best <= 1) break;
  }
  return best <= allowed ? { tier: 2, closeness: 1 + best } : null;
}

/**
 * People search's index of every account, kept in this process: it proposes the people a query
 * may mean, the closest and most followed first; who may see them is for the caller to decide.
 */
export function createNameIndex(accounts: IndexedAccount[] = []) {
  let snapshot = new Snapshot(accounts.map(foldAccount));
  // Changed since the snapshot: the account as it is now, or null once it is gone.
  let pending = new Map<string, Folded | null>();
  let answers = new Map<string, { candidates: Candidate[]; spellings: string[] }>();

  /** Folds the pending changes into new sorted lists: both sides are in id order already. */
  function merge() {
    const s = snapshot;
    const changed = [...pending.values()].filter((a): a is Folded => a !== null)
      .map((a) => ({ a, key: BigInt(a.id) })).sort((x, y) => (x.key < y.key ? -1 : 1));
    const live: Folded[] = [];
    let c = 0;
    for (let i = 0; i < s.ids.length; i++) {
      if (s.dead[i] === 1) continue;
      while (c < changed.length && changed[c]!.key < s.ids[i]!) live.push(changed[c++]!.a);
      live.push({ id: s.idText[i]!, username: s.usernames[i]!, name: s.names[i]!, follower_count: s.followers[i]! });
    }
    while (c < changed.length) live.push(changed[c++]!.a);
    snapshot = new Snapshot(live);
    pending = new Map();
  }

  return {
    /** The accounts indexed. */
    get size() {
      let dead = 0;
      for (const d of snapshot.dead) dead += d;
      return snapshot.ids.length - dead + [...pending.values()].filter(Boolean).length;
    },

    /** Takes in new or changed accounts, and drops the ids given as gone. */
    apply(changed: IndexedAccount[], gone: string[] = []) {
      answers = new Map();
      for (const a of changed) {
        const e = snapshot.entryOf(a.id);
        if (e >= 0) snapshot.dead[e] = 1;
        pending.set(a.id, foldAccount(a));
      }
      for (const id of gone) {
        const e = snapshot.entryOf(id);
        if (e >= 0) snapshot.dead[e] = 1;
        pending.set(id, null);
      }
      if (pending.size > PENDING_MAX) merge();
    },

    /**
     * Up to `take` people the query may mean: exact username or name, then usernames, names and
     * words of names starting with it, then (from 3 letters) names a typo or two away, each read
     * most followed first; ranked by tier, closeness and followers. `spellings` are the prefixes
     * they were read by (the query, close words, swapped letters), for matching the viewer's friends.
     */
    candidates(query: string, take: number): { candidates: Candidate[]; spellings: string[] } {
      const q = foldForSearch(query);
      if (!q) return { candidates: [], spellings: [] };
      const key = `${take}:${q}`;
      const kept = answers.get(key);
      if (kept) return kept;
      const answer = find(q, take);
      if (answers.size >= ANSWERS_KEPT) answers = new Map();
      answers.set(key, answer);
      return answer;
    },
  };

  function find(q: string, take: number): { candidates: Candidate[]; spellings: string[] } {
    const spellings = [q];
    const fuzzy = [...q].length >= 3;
    const s = snapshot;
    const found = new Map<string, Candidate>();
    const consider = (id: string, a: { username: string; name: string }, follower_count: number) => {
      if (found.has(id)) return;
      const m = measure(q, fuzzy, a);
      if (m) found.set(id, { id, ...m, follower_count });
    };
    const fromSnapshot = (entries: number[]) => {
      for (const e of entries) consider(s.idText[e]!, { username: s.usernames[e]!, name: s.names[e]! }, s.followers[e]!);
    };
    // The exact ones first: a rare exact name is not cut among a common prefix's most followed.
    fromSnapshot(s.byUsername(q, 1, true));
    fromSnapshot(s.byName(q, take, true));
    fromSnapshot(s.byUsername(q, take));
    fromSnapshot(s.byName(q, take));
    if (fuzzy) {
      const [first, ...rest] = q.split(' ');
      const tail = rest.length ? ` ${rest.join(' ')}` : '';
      const near = s.nearWords(first!);
      for (const w of near) {
        spellings.push(`${w}${tail}`);
        fromSnapshot(s.byName(`${w}${tail}`, Math.ceil(take / near.length)));
      }
      for (const swapped of swapsOf(q)) {
        spellings.push(swapped);
        fromSnapshot(s.byUsername(swapped, SWAP_CANDIDATES));
        fromSnapshot(s.byName(swapped, SWAP_CANDIDATES));
      }
    }
    for (const [id, a] of pending) {
      if (a) consider(id, a, a.follower_count);
    }
    const candidates = [...found.values()]
      .sort((a, b) => a.tier - b.tier || a.closeness - b.closeness || b.follower_count - a.follower_count || (a.id < b.id ? -1 : 1))
      .slice(0, take);
    return { candidates, spellings };
  }
}
export type NameIndex = ReturnType<typeof createNameIndex>;
