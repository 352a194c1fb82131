import { directPaths, type DirectItemResult } from '@shutter/contract';
import { failWith } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Access, ThreadMember } from '../access/service.js';
import type { DirectHydrator } from './hydrate.js';
import { toStored, type StoredItem } from './items.js';
import { isPermanent, itemTimestamp } from './present.js';
import type { DirectRepository, DirectStatements, ItemRow } from './repository.js';
import { SyncBatch, type DirectSync } from './sync.js';
import type { Deliver } from './types.js';

export interface DeliverDeps {
  repo: DirectRepository;
  access: Access;
  hydrator: DirectHydrator;
  sync: DirectSync;
  nextId: IdGenerator;
}

/** Those who read a thread, and so are told of its changes: its active and pending members. */
export const readersOf = (members: { user_id: string; state: string }[]) =>
  members.filter((m) => m.state === 'active' || m.state === 'pending').map((m) => m.user_id);

/**
 * Adds an item inside a transaction already open (a rename and its "named the group" line commit
 * together): the item, the thread's activity (hidden threads come back), and the news for every
 * reader. A pending sender who writes has accepted the request. Null when the sender already sent
 * one with this client_context.
 */
export async function appendItem(
  tx: DirectStatements, batch: SyncBatch, nextId: IdGenerator,
  senderId: string, threadId: string, stored: StoredItem, clientContext: string | null,
): Promise<ItemRow | null> {
  const id = nextId();
  const row: ItemRow = { id, thread_id: threadId, user_id: senderId, client_context: clientContext, ...stored };
  // The thread's lock first: the changes of one thread follow each other.
  if (!(await tx.lockThread(threadId))) throw failWith(404, { code: 'thread_not_found' });
  if (!(await tx.insertItem(row))) return null;
  await tx.touchThread(threadId, new Date(itemTimestamp(id)), { id, userId: senderId, permanent: isPermanent(stored.item_type) });
  const sender = await tx.member(threadId, senderId);
  if (sender?.state === 'pending' && stored.item_type !== 'action_log') await tx.setMember(threadId, [senderId], { state: 'active' });
  batch.newItem(threadId, id, readersOf(await tx.members([threadId])));
  return row;
}

/**
 * A client_context names one message of its sender: sent again into the same thread it is that
 * message, sent into another it is refused out loud (the new message would otherwise vanish).
 */
function resentInto(sent: ItemRow, threadId: string): ItemRow {
  if (sent.thread_id !== threadId) throw failWith(409, { code: 'direct_client_context_taken' });
  return sent;
}

/**
 * The one way a message gets into a thread (the channel's sends and the HTTP broadcasts alike).
 * Membership and blocks first (404 for a thread the sender is not in, 403 direct_cannot_message
 * across a block in a one-to-one thread), the content next (400 with a code), the client_context
 * last: a resend answers the first item and changes nothing.
 */
export function createDeliver({ repo, access, hydrator, sync, nextId }: DeliverDeps) {
  async function presentFor(viewerId: string, item: ItemRow): Promise<DirectItemResult> {
    const h = await hydrator.hydrate(repo, [], [item]);
    return hydrator.item(item, await hydrator.rulesFor(viewerId, h), h);
  }

  async function writer(senderId: string, threadId: string): Promise<ThreadMember> {
    return access.requireThreadWriter(senderId, threadId);
  }

  /** An item already stored, answered to its sender: into the same thread it is that item, into another it is refused. */
  const answerResent = (senderId: string, threadId: string, sent: ItemRow | undefined) => {
    if (!sent) throw failWith(409, { code: 'direct_send_failed' });
    return presentFor(senderId, resentInto(sent, threadId));
  };

  const deliver: Deliver = async (senderId, threadId, item, clientContext) => {
    let stored: StoredItem;
    try {
      stored = toStored(item);
    } catch (err) {
      // Membership is told before the content: someone outside the thread learns nothing of it.
      await writer(senderId, threadId);
      throw err;
    }
    if (stored.media_id) {
      await writer(senderId, threadId);
      await access.requireMedia(senderId, stored.media_id);
    }
    const id = nextId();
    const row: ItemRow = { id, thread_id: threadId, user_id: senderId, client_context: clientContext, ...stored };
    const outcome = await repo.storeMessage(row, new Date(itemTimestamp(id)), isPermanent(stored.item_type));
    switch (outcome.kind) {
      case 'refused':
        // The refusal as the access rules word it (404, or 403 across a block); let in meanwhile, the send failed.
        await writer(senderId, threadId);
        throw failWith(409, { code: 'direct_send_failed' });
      case 'resent':
        return answerResent(senderId, threadId, outcome.item);
      case 'racing':
        // The same client_context arrived twice at once, and the other one was stored.
        return answerResent(senderId, threadId, clientContext === null ? undefined : await repo.itemByClientContext(senderId, clientContext));
      case 'stored': {
        const batch = new SyncBatch();
        batch.newItem(threadId, id, outcome.seqs.keys());
        batch.known.set(id, outcome.item);
        const events = await sync.publish(batch, outcome.seqs);
        // The sender is a reader: their answer is the item of their own event, built once for every reader.
        const path = directPaths.item(threadId, id);
        const own = events?.get(senderId)?.ops.find((o) => o.op === 'add' && o.path === path);
        return own && 'value' in own ? (own.value as DirectItemResult) : presentFor(senderId, outcome.item);
      }
    }
  };

  return { deliver, writer, presentFor };
}
