import { LRUCache } from 'lru-cache';
import type { SummaryCaches } from '../../platform/summary-cache.js';

/** Viewers whose verdicts are remembered in this process. */
const VIEWERS_KEPT = 20_000;
/** Writes forget verdicts exactly; this bounds what no write announces (a command-line suspension without Redis). */
const REMEMBERED_MS = 30_000;
const EVERYONE = '*';

/**
 * The posts the access rules let a viewer see, remembered with their owners, and the people no
 * block stands between the viewer and, who are not gone, so that an answer kept ready is decided
 * again without a statement. Only "visible" is remembered: what was hidden is asked of the
 * database again, and only what hides can make a memory wrong.
 *
 * What the rule reads (the post's state, its owner's privacy and standing, a follow of the owner,
 * a tag of the viewer, a block either way) changes only by a write of the viewer, of the owner or
 * of a moderator: each forgets, here and in every instance through the summary caches' channel,
 * the verdicts of the viewer and every verdict about the writer's posts (`wrote`), or all of
 * them (`everyone`).
 */
export function createRememberedVisibility(caches: SummaryCaches) {
  const viewersOf = new Map<string, Set<string>>();
  const verdicts = new LRUCache<string, { owners: Map<string, string>; people: Set<string> }>({
    max: VIEWERS_KEPT,
    ttl: REMEMBERED_MS,
    dispose: ({ owners, people }, viewerId) => {
      for (const owner of new Set([...owners.values(), ...people])) {
        const viewers = viewersOf.get(owner);
        viewers?.delete(viewerId);
        if (viewers?.size === 0) viewersOf.delete(owner);
      }
    },
  });
  // A verdict read while anything was forgotten may predate that write: it is used, not remembered.
  let seq = 0;
  const signals = caches.kind<object>('access-visible', 1);
  signals.onForget((ids) => {
    seq += 1;
    if (ids === 'all' || ids.includes(EVERYONE)) return verdicts.clear();
    for (const id of ids) {
      verdicts.delete(id);
      for (const viewerId of [...(viewersOf.get(id) ?? [])]) verdicts.delete(viewerId);
    }
  });

  return {
    ticket: () => seq,

    /** Whether every one of these posts is remembered visible to the viewer. */
    allVisible(viewerId: string, mediaIds: readonly string[]): boolean {
      const owners = verdicts.get(viewerId)?.owners;
      return !!owners && mediaIds.every((id) => owners.has(id));
    },

    /** Whether every one of these people is remembered there for the viewer: no block either way, not gone. */
    allThere(viewerId: string, userIds: readonly string[]): boolean {
      const people = verdicts.get(viewerId)?.people;
      return !!people && userIds.every((id) => id === viewerId || people.has(id));
    },

    /**
     * Remembers these posts as visible to the viewer and these people as there for them, unless
     * anything was forgotten since `ticket`.
     */
    remember(viewerId: string, ticket: number, visible: readonly { id: string; owner_id: string }[], there: readonly string[] = []): void {
      if (ticket !== seq || visible.length + there.length === 0) return;
      const entry = verdicts.get(viewerId) ?? { owners: new Map<string, string>(), people: new Set<string>() };
      const index = (userId: string) => viewersOf.set(userId, (viewersOf.get(userId) ?? new Set()).add(viewerId));
      for (const { id, owner_id } of visible) {
        entry.owners.set(id, owner_id);
        index(owner_id);
      }
      for (const userId of there) {
        entry.people.add(userId);
        index(userId);
      }
      // Set without refreshing the age: a verdict lives REMEMBERED_MS from the first one kept.
      if (!verdicts.has(viewerId)) verdicts.set(viewerId, entry);
    },

    /** Someone wrote: their own verdicts, and every verdict about them and their posts, may have changed. */
    wrote: (userId: string) => signals.forget([userId]),

    /** A moderator acted: any verdict may have changed. */
    everyone: () => signals.forget([EVERYONE]),
  };
}
export type RememberedVisibility = ReturnType<typeof createRememberedVisibility>;
