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

interface Entry<T> {
  /** One answer per variant of the query's variables (page size, preview comments, likers). */
  answers: Map<string, { answer: T; shown: string[]; at: number }>;
  posts: Set<string>;
  people: Set<string>;
}

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
 * and by everyone's on `everyone`.
 */
export function createPreparedAnswers<T>(
  kind: string,
  caches: SummaryCaches,
  summaries: { posts: { onForget(l: ForgetListener): void }; people: { onForget(l: ForgetListener): void } },
  /**
   * `variantsKept`: answers per viewer (searches, where all visitors share one); `ttlMs`: a shorter
   * life than PREPARED_TTL_MS; `anyWrite`: a name that answers depending on everyone's writes
   * carry (`keep`'s `named`), which every write drops.
   */
  options: { variantsKept?: number; ttlMs?: number; anyWrite?: string } = {},
) {
  const variantsKept = options.variantsKept ?? VARIANTS_KEPT;
  const ttlMs = options.ttlMs ?? PREPARED_TTL_MS;
  const byPost = new Map<string, Set<string>>();
  const byPerson = new Map<string, Set<string>>();
  const unindex = (index: Map<string, Set<string>>, keys: Iterable<string>, viewerId: string) => {
    for (const key of keys) {
      const set = index.get(key);
      set?.delete(viewerId);
      if (set?.size === 0) index.delete(key);
    }
  };
  const entries = new LRUCache<string, Entry<T>>({
    max: VIEWERS_KEPT,
    ttl: ttlMs,
    dispose: (entry, viewerId) => {
      unindex(byPost, entry.posts, viewerId);
      unindex(byPerson, entry.people, viewerId);
    },
  });
  // A page built while anything was dropped may predate that write: it is served, not kept.
  let seq = 0;
  const dropViewers = (viewerIds: Iterable<string>) => {
    seq += 1;
    for (const id of [...viewerIds]) entries.delete(id);
  };
  const dropVia = (index: Map<string, Set<string>>) => (ids: readonly string[] | 'all') => {
    if (ids === 'all') {
      seq += 1;
      entries.clear();
      return;
    }
    dropViewers(ids.flatMap((id) => [...(index.get(id) ?? [])]));
  };
  summaries.posts.onForget(dropVia(byPost));
  summaries.people.onForget(dropVia(byPerson));

  // Drops by viewer ('v:'), by a person named ('u:') and of everyone, through the same channel.
  const signals = caches.kind<object>(kind, 1);
  const byNamed = dropVia(byPerson);
  signals.onForget((ids) => {
    if (ids === 'all' || ids.includes(EVERYONE)) return dropVia(byPost)('all');
    dropViewers(ids.filter((id) => id.startsWith('v:')).map((id) => id.slice(2)));
    byNamed(ids.filter((id) => id.startsWith('u:')).map((id) => id.slice(2)));
  });

  return {
    /** Taken before building a page that may be kept. */
    ticket: () => seq,

    get(viewerId: string, variant: string): { answer: T; shown: string[] } | undefined {
      const ready = entries.get(viewerId)?.answers.get(variant);
      // The entry's age restarts with each variant kept; each answer keeps its own.
      return ready && Date.now() - ready.at < ttlMs ? ready : undefined;
    },

    /** Keeps a built answer, unless anything was dropped since `ticket`. `skeleton`: the posts it held, `shown`: those it shows. */
    keep(viewerId: string, variant: string, ticket: number, page: { answer: T; skeleton: string[]; shown: string[]; named?: string[] }): void {
      if (ticket !== seq) return;
      const entry = entries.get(viewerId) ?? { answers: new Map(), posts: new Set<string>(), people: new Set<string>() };
      entry.answers.delete(variant);
      entry.answers.set(variant, { answer: page.answer, shown: page.shown, at: Date.now() });
      // What the dropped answers held stays indexed until the entry goes: a drop too many, never one too few.
      if (entry.answers.size > variantsKept) entry.answers.delete(entry.answers.keys().next().value!);
      for (const id of page.skeleton) entry.posts.add(id);
      peopleIn(page.answer, entry.people);
      for (const id of page.named ?? []) entry.people.add(id);
      entries.set(viewerId, entry);
      for (const id of entry.posts) byPost.set(id, (byPost.get(id) ?? new Set()).add(viewerId));
      for (const id of entry.people) byPerson.set(id, (byPerson.get(id) ?? new Set()).add(viewerId));
    },

    /** What these viewers see changed (for the feed: a follow, an unfollow, a block, a fan-out into it). */
    viewersChanged: (...viewerIds: string[]) => signals.forget(viewerIds.map((id) => `v:${id}`)),

    /** Someone wrote: their own answer, and every answer that names them, may show it. */
    wrote: (userId: string) => signals.forget([`v:${userId}`, `u:${userId}`, ...(options.anyWrite ? [`u:${options.anyWrite}`] : [])]),

    /** Every answer of this kind, everywhere (for the feed: a post published may enter anyone's first page). */
    everyone: () => signals.forget([EVERYONE]),

    /** Every answer of this kind in this process, for a change every instance learns of on its own. */
    dropHere: () => dropVia(byPost)('all'),
  };
}
export type PreparedAnswers<T> = ReturnType<typeof createPreparedAnswers<T>>;
