import type { DirectRepository } from './repository.js';
import type { DirectSync } from './sync.js';

/**
 * Message requests: threads in which the viewer is pending. Approving moves them to the inbox;
 * declining takes them out of the requests: a one-to-one request is put away (a new message from
 * the same person brings it back as a request), a group is left without a word.
 */
export function createRequests({ repo, sync }: { repo: DirectRepository; sync: DirectSync }) {
  /** The viewer's pending threads among these ids; others are passed over (approving twice is fine). */
  async function pendingAmong(viewerId: string, threadIds: string[] | 'all'): Promise<string[]> {
    const pending = await repo.pendingThreadIds(viewerId);
    if (threadIds === 'all') return pending;
    const wanted = new Set(threadIds);
    return pending.filter((id) => wanted.has(id));
  }

  return {
    /** approve_multiple, approve_all (R-002-direct-11, R-002-direct-api-4, -5). */
    async approve(viewerId: string, threadIds: string[] | 'all'): Promise<void> {
      const ids = await pendingAmong(viewerId, threadIds);
      if (ids.length === 0) return;
      await sync.commit(async (tx, batch) => {
        for (const id of ids) await tx.setMember(id, [viewerId], { state: 'active', hidden: false });
        // Many at once: the client reloads rather than applying them one by one.
        if (threadIds === 'all') batch.snapshot([viewerId]);
        else {
          for (const id of ids) batch.inboxThread(id, [viewerId]);
          batch.unseen([viewerId]);
        }
      });
    },

    /** decline_multiple, decline_all (R-002-direct-12, -13, R-002-direct-api-4, -5). */
    async decline(viewerId: string, threadIds: string[] | 'all'): Promise<void> {
      const ids = await pendingAmong(viewerId, threadIds);
      if (ids.length === 0) return;
      const threads = new Map((await repo.threads(ids)).map((t) => [t.id, t]));
      await sync.commit(async (tx, batch) => {
        for (const id of ids) {
          if (threads.get(id)?.is_group) await tx.setMember(id, [viewerId], { state: 'left' });
          else await tx.setMember(id, [viewerId], { hidden: true });
        }
        if (threadIds === 'all') batch.snapshot([viewerId]);
        else for (const id of ids) batch.inboxThreadRemoved(id, [viewerId]);
      });
    },
  };
}
