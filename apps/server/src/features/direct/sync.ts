import { DIRECT_INBOX_THREAD_MESSAGES, directPaths, type PatchOp, type SyncEvent } from '@shutter/contract';
import type { SyncPublisher } from '../../platform/realtime/types.js';
import type { DirectHydrator } from './hydrate.js';
import type { DirectRepository, DirectStatements, ItemRow } from './repository.js';

/** One change a person is told of; turned into patch operations for them at the end of the transaction. */
type Change =
  | { kind: 'item'; op: 'add' | 'replace'; threadId: string; itemId: string }
  | { kind: 'removeItem'; threadId: string; itemId: string }
  | { kind: 'inboxThread'; threadId: string }
  | { kind: 'removeInboxThread'; threadId: string }
  | { kind: 'hasSeen'; threadId: string; userId: string; value: { timestamp: number; item_id: string | null } }
  | { kind: 'unseen' }
  | { kind: 'snapshot' };

/** What a transaction says it changed, for whom. */
export class SyncBatch {
  readonly changes = new Map<string, Change[]>();
  /** Items the writer holds already (just stored): their events need not read them again. */
  readonly known = new Map<string, ItemRow>();

  private add(userIds: Iterable<string>, change: Change) {
    for (const id of userIds) this.changes.set(id, [...(this.changes.get(id) ?? []), change]);
  }

  /** A new item: the item, the thread as the inbox shows it, and the badge. */
  newItem(threadId: string, itemId: string, userIds: Iterable<string>) {
    const ids = [...userIds];
    this.add(ids, { kind: 'item', op: 'add', threadId, itemId });
    this.add(ids, { kind: 'inboxThread', threadId });
    this.add(ids, { kind: 'unseen' });
  }
  itemChanged(threadId: string, itemId: string, userIds: Iterable<string>) { this.add(userIds, { kind: 'item', op: 'replace', threadId, itemId }); }
  itemRemoved(threadId: string, itemId: string, userIds: Iterable<string>) { this.add(userIds, { kind: 'removeItem', threadId, itemId }); }
  inboxThread(threadId: string, userIds: Iterable<string>) { this.add(userIds, { kind: 'inboxThread', threadId }); }
  inboxThreadRemoved(threadId: string, userIds: Iterable<string>) { this.add(userIds, { kind: 'removeInboxThread', threadId }); }
  hasSeen(threadId: string, seerId: string, value: { timestamp: number; item_id: string | null }, userIds: Iterable<string>) {
    this.add(userIds, { kind: 'hasSeen', threadId, userId: seerId, value });
  }
  unseen(userIds: Iterable<string>) { this.add(userIds, { kind: 'unseen' }); }
  /** Too much changed to tell piece by piece: the client reloads its inbox. */
  snapshot(userIds: Iterable<string>) { this.add(userIds, { kind: 'snapshot' }); }
}

/**
 * Changes of the direct tables and the events that tell them. `commit` runs a write in one
 * transaction, in which every person told moves their sequence number up (so a number is never
 * given to a change that did not happen); once it committed, and only then, the events are built
 * from what was committed and leave, one person's in the order of their numbers.
 */
export function createSync(
  repo: DirectRepository, hydrator: DirectHydrator, publisher: SyncPublisher, onError: (err: unknown) => void,
  /** What is kept ready of these people's threads (their inbox) is out of date; resolves once it was dropped. */
  changed?: (userIds: string[]) => Promise<void>,
) {
  /** Per person, the last event on its way: the next one leaves after it. */
  const queues = new Map<string, Promise<void>>();

  async function build(batch: SyncBatch): Promise<Map<string, { ops: PatchOp[]; snapshot: boolean }>> {
    const all = [...batch.changes.values()].flat();
    const threadIds = new Set<string>();
    const itemIds = new Set<string>();
    for (const c of all) {
      if (c.kind === 'item' || c.kind === 'inboxThread') threadIds.add(c.threadId);
      if (c.kind === 'item') itemIds.add(c.itemId);
    }
    const counted = [...batch.changes].filter(([, cs]) => cs.some((c) => c.kind === 'unseen')).map(([id]) => id);
    // Independent reads side by side: each round trip is on the way of every reader's event.
    const [bundles, itemRows, unseen] = await Promise.all([
      hydrator.bundles(repo, [...threadIds], DIRECT_INBOX_THREAD_MESSAGES), repo.items([...itemIds].filter((id) => !batch.known.has(id))), repo.unseenCounts(counted),
    ]);
    const items = new Map([...[...itemIds].flatMap((id) => batch.known.get(id) ?? []), ...itemRows].map((i) => [i.id, i]));
    const hydrated = await hydrator.hydrate(repo, bundles.values(), [...items.values()]);

    const allRules = await hydrator.rulesForMany([...batch.changes.keys()], hydrated);
    const out = new Map<string, { ops: PatchOp[]; snapshot: boolean }>();
    for (const [userId, changes] of batch.changes) {
      const rules = allRules.get(userId)!;
      const ops: PatchOp[] = [];
      let snapshot = false;
      for (const c of changes) {
        switch (c.kind) {
          case 'item': {
            // Gone meanwhile (unsent): a later event removes it.
            const item = items.get(c.itemId);
            if (item && !rules.blocked.has(item.user_id)) ops.push({ op: c.op, path: directPaths.item(c.threadId, c.itemId), value: hydrator.item(item, rules, hydrated) });
            break;
          }
          case 'removeItem':
            ops.push({ op: 'remove', path: directPaths.item(c.threadId, c.itemId) });
            break;
          case 'inboxThread': {
            const bundle = bundles.get(c.threadId);
            if (bundle) ops.push({ op: 'replace', path: directPaths.inboxThread(c.threadId), value: hydrator.thread(bundle, DIRECT_INBOX_THREAD_MESSAGES, rules, hydrated) });
            break;
          }
          case 'removeInboxThread':
            ops.push({ op: 'remove', path: directPaths.inboxThread(c.threadId) });
            break;
          case 'hasSeen':
            if (!rules.blocked.has(c.userId)) ops.push({ op: 'replace', path: directPaths.hasSeen(c.threadId, c.userId), value: c.value });
            break;
          case 'unseen':
            if (!ops.some((o) => o.path === directPaths.unseenCount)) ops.push({ op: 'replace', path: directPaths.unseenCount, value: unseen.get(userId) ?? 0 });
            break;
          case 'snapshot':
            snapshot = true;
            break;
        }
      }
      out.set(userId, { ops, snapshot });
    }
    return out;
  }

  function enqueue(userId: string, send: () => void | Promise<void>): Promise<void> {
    const next = (queues.get(userId) ?? Promise.resolve()).then(send);
    queues.set(userId, next);
    void next.finally(() => { if (queues.get(userId) === next) queues.delete(userId); });
    return next;
  }

  /** The events, once each left; null when there were none or they could not be built (each person was told to reload). */
  async function publish(batch: SyncBatch, seqs: Map<string, number>): Promise<Map<string, { ops: PatchOp[]; snapshot: boolean }> | null> {
    if (seqs.size === 0) return null;
    // Dropped before anyone is told: a client reading after its event sees the change. The change
    // committed: were the drop to fail, it is logged and kept pages expire on their own.
    const dropped = changed ? changed([...seqs.keys()]).catch(onError) : undefined;
    // Queued at once, in commit order: each person's events leave in the order of their numbers.
    const events = build(batch);
    events.catch(() => undefined); // told in each person's event below
    await Promise.all([...seqs].map(([userId, seq_id]) => enqueue(userId, async () => {
      let event: SyncEvent;
      await dropped;
      try {
        const mine = (await events).get(userId);
        event = !mine || mine.snapshot ? { event: 'snapshot', seq_id } : { event: 'patch', seq_id, data: mine.ops };
      } catch (err) {
        onError(err);
        // The change committed but could not be told piece by piece: the client reloads.
        event = { event: 'snapshot', seq_id };
      }
      publisher.publish(userId, event);
    })));
    return events.catch(() => null);
  }

  return {
    /** Runs `work` in one transaction with what it tells; publishes after the commit, nothing if it failed. */
    async commit<T>(work: (tx: DirectStatements, batch: SyncBatch) => Promise<T>): Promise<T> {
      const batch = new SyncBatch();
      const { result, seqs } = await repo.transaction(async (tx) => {
        const result = await work(tx, batch);
        return { result, seqs: await tx.bumpSeqs([...batch.changes.keys()]) };
      });
      await publish(batch, seqs);
      return result;
    },

    /** Tells what committed outside `commit` (a send stored in one statement), each person with the number they moved up to. */
    publish,

    /** An event that stores nothing (typing): no sequence number. */
    publishNow(userIds: Iterable<string>, ops: PatchOp[]) {
      for (const id of userIds) publisher.publish(id, { event: 'patch', data: ops });
    },
  };
}
export type DirectSync = ReturnType<typeof createSync>;
