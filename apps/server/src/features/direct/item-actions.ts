import type { DirectItemResult } from '@shutter/contract';
import { failWith } from '../../platform/errors.js';
import type { ThreadMember } from '../access/service.js';
import { readersOf } from './deliver.js';
import { itemTimestamp, type ItemPayload } from './present.js';
import type { DirectRepository, ItemRow } from './repository.js';
import type { DirectSync } from './sync.js';

export interface ItemActionsDeps {
  repo: DirectRepository;
  sync: DirectSync;
  requireMember: (viewerId: string, threadId: string) => Promise<ThreadMember>;
  presentFor: (viewerId: string, item: ItemRow) => Promise<DirectItemResult>;
  onItemRemoved: (item: { itemId: string; threadId: string; itemType: string; payload: ItemPayload | null }) => Promise<void>;
}

/** What a member does to one item: mark it seen, unsend it, like it. */
export function createItemActions({ repo, sync, requireMember, presentFor, onItemRemoved }: ItemActionsDeps) {
  /** The item, when it is one of this thread's and the viewer reads the thread. */
  async function itemOf(viewerId: string, threadId: string, itemId: string): Promise<ItemRow> {
    await requireMember(viewerId, threadId);
    const [item] = await repo.items([itemId]);
    if (!item || item.thread_id !== threadId) throw failWith(404, { code: 'direct_item_not_found' });
    return item;
  }

  async function react(viewerId: string, threadId: string, itemId: string, like: boolean): Promise<DirectItemResult> {
    await itemOf(viewerId, threadId, itemId);
    await sync.commit(async (tx, batch) => {
      const changed = like ? await tx.like(itemId, viewerId) : await tx.unlike(itemId, viewerId);
      if (changed) batch.itemChanged(threadId, itemId, readersOf(await tx.members([threadId])));
    });
    const [item] = await repo.items([itemId]);
    if (!item) throw failWith(404, { code: 'direct_item_not_found' });
    return presentFor(viewerId, item);
  }

  return {
    /**
     * seen (R-002-direct-api-6): the viewer saw the thread up to this item. What they saw last
     * never moves back; every reader learns it (a request's reader only once they accepted it:
     * until then only they know), the viewer gets their new unseen count.
     */
    async markSeen(viewerId: string, threadId: string, itemId: string): Promise<void> {
      const item = await itemOf(viewerId, threadId, itemId);
      const at = itemTimestamp(item.id);
      await sync.commit(async (tx, batch) => {
        const member = await tx.member(threadId, viewerId);
        if (!member || (member.last_seen_at && member.last_seen_at.getTime() >= at)) return;
        await tx.setMember(threadId, [viewerId], { last_seen_at: new Date(at), last_seen_item_id: item.id });
        const told = member.state === 'pending' ? [viewerId] : readersOf(await tx.members([threadId]));
        batch.hasSeen(threadId, viewerId, { timestamp: at, item_id: item.id }, told);
        batch.unseen([viewerId]);
      });
    },

    /** delete (R-002-direct-api-6): the sender unsends their own item; it goes for everyone, with its reactions. */
    async deleteItem(viewerId: string, threadId: string, itemId: string): Promise<void> {
      const item = await itemOf(viewerId, threadId, itemId);
      if (item.user_id !== viewerId) throw failWith(403, { code: 'direct_not_own_item' });
      const removed = await sync.commit(async (tx, batch) => {
        await tx.lockThread(threadId);
        const row = await tx.deleteItem(itemId);
        if (!row) return null;
        await tx.recomputeLast(threadId);
        const readers = readersOf(await tx.members([threadId]));
        batch.itemRemoved(threadId, itemId, readers);
        batch.inboxThread(threadId, readers);
        batch.unseen(readers);
        return row;
      });
      if (removed) await onItemRemoved({ itemId, threadId, itemType: removed.item_type, payload: removed.payload as ItemPayload | null });
    },

    /** A like on a message, or its removal (R-002-direct-14); again changes nothing. */
    like: (viewerId: string, threadId: string, itemId: string) => react(viewerId, threadId, itemId, true),
    unlike: (viewerId: string, threadId: string, itemId: string) => react(viewerId, threadId, itemId, false),
  };
}
