import { LRUCache } from 'lru-cache';
import type { ForgetListener, SummaryCaches } from './summary-cache.js';

/** Viewers whose answers of one kind are kept ready in this process. */
const VIEWERS_KEPT = 20_000;
/**
 * How long a prepared answer is served without any write dropping it. Writes drop it exactly; this
 * bounds what only time changes (a story ring whose stories expire) and what no write announces.
 */
export const PREPARED_TTL_MS = 30_000;
const EVERYONE = '*';
/** Answers kept per viewer of one kind (pages of a feed, profiles visited): the oldest kept goes first. */
const VARIANTS_KEPT = 8;

interface Answer<T> {
  answer: T;
  shown: string[];
  at: number;
  /** The posts it held (shown or not) and the people it names, as indexed for it. */
  posts: string[];
  people: string[];
}

/** One viewer's answers, one per variant of the query's variables (page size, preview comments, a username). */
type Entry<T> = Map<string, Answer<T>>;

/** Every person an answer names: owners, tagged people, likers, commenters. */
function peopleIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) peopleIn(v, into);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.id === 'string' && typeof o.username === 'string') into.add(o.id);
    for (const v of Object.values(o)) if (v && typeof v === 'object') peopleIn(v, into);
  }
  return into;
}

/**
 * Answers of one kind (the feed's first page, the story tray, the inbox, a profile) kept ready per
 * viewer: the answer as it was built, with the posts it held (shown or not) and the people it names.
 * It is dropped, here and in every instance through the summary caches' invalidation channel
 * (`kind` names its signals there), when one of its posts or people is forgotten, when what the
 * viewer sees changes (`viewersChanged`), when the viewer or someone it names writes anything,
 * and by everyone's on `everyone`. Posts and people are indexed per answer, so a drop takes the
 * answers that hold them, not the viewer's others.
 */
export function createPreparedAnswers<T>(
  kind: string,
  caches: SummaryCaches,
  summaries: { posts: { onForget(l: ForgetListener): void }; people: { onForget(l: ForgetListener): void } },
  /**
   * `shared`: the viewer key all logged-out visitors share and how many answers it keeps (they are
   * everyone's, so many more than one person's VARIANTS_KEPT); `ttlMs`: a shorter life than
   * PREPARED_TTL_MS; `anyWrite`: a name that answers depending on everyone's writes carry
   * (`keep`'s `named`), which every write drops.
   */
  options: { shared?: { key: string; kept: number }; ttlMs?: number; anyWrite?: string } = {},
) {
  const variantsKept = (viewerId: string) => (viewerId === options.shared?.key ? options.shared.kept : VARIANTS_KEPT);
  const ttlMs = options.ttlMs ?? PREPARED_TTL_MS;
  // Post or person id -> viewer -> the variants of theirs that hold it.
  const byPost = new Map<string, Map<string, Set<string>>>();
  const byPerson = new Map<string, Map<string, Set<string>>>();
  const index = (into: Map<string, Map<string, Set<string>>>, ids: Iterable<string>, viewerId: string, variant: string) => {
    for (const id of ids) {
      const viewers = into.get(id) ?? new Map<string, Set<string>>();
      into.set(id, viewers);
      viewers.set(viewerId, (viewers.get(viewerId) ?? new Set()).add(variant));
    }
  };
  const unindex = (from: Map<string, Map<string, Set<string>>>, ids: Iterable<string>, viewerId: string, variant: string) => {
    for (const id of ids) {
      const viewers = from.get(id);
      const variants = viewers?.get(viewerId);
      variants?.delete(variant);
      if (variants?.size === 0) viewers!.delete(viewerId);
      if (viewers?.size === 0) from.delete(id);
    }
  };
  const forgetAnswer = (viewerId: string, variant: string, kept: Answer<T>) => {
    unindex(byPost, kept.posts, viewerId, variant);
    unindex(byPerson, kept.people, viewerId, variant);
  };
  const entries = new LRUCache<string, Entry<T>>({
    max: VIEWERS_KEPT,
    ttl: ttlMs,
    dispose: (entry, viewerId) => {
      for (const [variant, kept] of entry) forgetAnswer(viewerId, variant, kept);
    },
  });
  // A page built while anything was dropped may predate that write: it is served, not kept.
  let seq = 0;
  const dropViewers = (viewerIds: Iterable<string>) => {
    seq += 1;
    for (const id of [...viewerIds]) entries.delete(id);
  };
  const dropAll = () => {
    seq += 1;
    entries.clear();
  };
  const dropVia = (from: Map<string, Map<string, Set<string>>>) => (ids: readonly string[] | 'all') => {
    if (ids === 'all') return dropAll();
    seq += 1;
    for (const id of ids) {
      for (const [viewerId, variants] of [...(from.get(id) ?? [])]) {
        const entry = entries.peek(viewerId);
        // An entry past its age is not peeked; it forgets its answers' indexes as it goes.
        if (!entry) continue;
        for (const variant of [...variants]) {
          const kept = entry.get(variant);
          if (kept) forgetAnswer(viewerId, variant, kept);
          entry.delete(variant);
        }
        if (entry.size === 0) entries.delete(viewerId);
      }
      from.delete(id);
    }
  };
  summaries.posts.onForget(dropVia(byPost));
  summaries.people.onForget(dropVia(byPerson));

  // Drops by viewer ('v:'), by a person named ('u:') and of everyone, through the same channel.
  const signals = caches.kind<object>(kind, 1);
  const byNamed = dropVia(byPerson);
  signals.onForget((ids) => {
    if (ids === 'all' || ids.includes(EVERYONE)) return dropAll();
    dropViewers(ids.filter((id) => id.startsWith('v:')).map((id) => id.slice(2)));
    byNamed(ids.filter((id) => id.startsWith('u:')).map((id) => id.slice(2)));
  });

  return {
    /** Taken before building a page that may be kept. */
    ticket: () => seq,

    get(viewerId: string, variant: string): { answer: T; shown: string[] } | undefined {
      const ready = entries.get(viewerId)?.get(variant);
      // The entry's age restarts with each variant kept; each answer keeps its own.
      return ready && Date.now() - ready.at < ttlMs ? ready : undefined;
    },

    /** Keeps a built answer, unless anything was dropped since `ticket`. `skeleton`: the posts it held, `shown`: those it shows. */
    keep(viewerId: string, variant: string, ticket: number, page: { answer: T; skeleton: string[]; shown: string[]; named?: string[] }): void {
      if (ticket !== seq) return;
      const entry: Entry<T> = entries.get(viewerId) ?? new Map();
      const before = entry.get(variant);
      if (before) forgetAnswer(viewerId, variant, before);
      entry.delete(variant);
      const people = peopleIn(page.answer, new Set(page.named ?? []));
      const kept: Answer<T> = { answer: page.answer, shown: page.shown, at: Date.now(), posts: [...new Set(page.skeleton)], people: [...people] };
      entry.set(variant, kept);
      if (entry.size > variantsKept(viewerId)) {
        const [oldest, gone] = entry.entries().next().value!;
        forgetAnswer(viewerId, oldest, gone);
        entry.delete(oldest);
      }
      entries.set(viewerId, entry);
      index(byPost, kept.posts, viewerId, variant);
      index(byPerson, kept.people, viewerId, variant);
    },
    /** What these viewers see changed (for the feed: a follow, an unfollow, a block, a fan-out into it). */
    viewersChanged: (...viewerIds: string[]) => signals.forget(viewerIds.map((id) => `v:${id}`)),

    /** Someone wrote: their own answer, and every answer that names them, may show it. */
    wrote: (userId: string) => signals.forget([`v:${userId}`, `u:${userId}`, ...(options.anyWrite ? [`u:${options.anyWrite}`] : [])]),

    /** Every answer of this kind, everywhere (for the feed: a post published may enter anyone's first page). */
    everyone: () => signals.forget([EVERYONE]),

    /** Every answer of this kind in this process, for a change every instance learns of on its own. */
    dropHere: dropAll,
  };
}
export type PreparedAnswers<T> = ReturnType<typeof createPreparedAnswers<T>>;
