import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { SyncPublisher } from '../../platform/realtime/types.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Access, ThreadMember } from '../access/service.js';
import type { PostSummaries } from '../posts/summaries.js';
import { createDeliver } from './deliver.js';
import { createDirectHydrator } from './hydrate.js';
import { createItemActions } from './item-actions.js';
import type { ItemPayload } from './present.js';
import type { PreparedInbox } from './prepared-inbox.js';
import { createDirectReads } from './reads.js';
import type { StoryRings } from '../stories/rings.js';
import { createDirectRepository } from './repository.js';
import { createRequests } from './requests.js';
import { createSync } from './sync.js';
import { createThreadActions } from './threads.js';

export interface DirectDeps {
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  access: Access;
  userSummaries: Pick<UserSummaries, 'many'>;
  postSummaries: Pick<PostSummaries, 'many'>;
  /** The real-time channel's side: every change of a person's threads goes to their stream. */
  publisher: SyncPublisher;
  /** A change committed but its event could not be built (the client is told to reload). */
  onError?: (err: unknown) => void;
  /** Rings on members' pictures in the inbox and a thread's page. */
  rings?: Pick<StoryRings, 'attach'>;
  /** Each viewer's first inbox page kept ready; every change of their threads drops it. */
  preparedInbox?: PreparedInbox;
  /** No other process writes to this database (the embedded one): every change drops the kept inbox here. */
  soleWriter?: boolean;
}

/** An unsent item, once its removal committed: what it kept (a photo's storage keys) can go. */
export type ItemRemovedListener = (item: { itemId: string; threadId: string; itemType: string; payload: ItemPayload | null }) => void | Promise<void>;

/**
 * Direct messages: threads, their items, the inbox and message requests, groups and their admins,
 * each change told to every reader over the real-time channel with their sequence number.
 */
export function createDirect(deps: DirectDeps) {
  const repo = createDirectRepository(deps.db);
  const hydrator = createDirectHydrator(deps);
  const onError = deps.onError ?? (() => undefined);
  const prepared = deps.preparedInbox;
  const sync = createSync(repo, hydrator, deps.publisher, onError, prepared && ((ids) => prepared.viewersChanged(...ids)));
  const { deliver, writer, presentFor } = createDeliver({ repo, access: deps.access, hydrator, sync, nextId: deps.nextId });
  const removedListeners: ItemRemovedListener[] = [];

  /** The viewer's place in a thread they may read; 404 thread_not_found for anyone else. */
  async function requireMember(viewerId: string, threadId: string): Promise<ThreadMember> {
    return deps.access.requireThreadReader(viewerId, threadId);
  }

  const onItemRemoved = async (item: Parameters<ItemRemovedListener>[0]): Promise<void> => {
    // The item is gone already: a file left behind is logged, not the unsend's failure.
    for (const listener of removedListeners) await Promise.resolve(listener(item)).catch(onError);
  };
  const reads = createDirectReads({ repo, hydrator, userSummaries: deps.userSummaries, storage: deps.storage, requireMember, rings: deps.rings,
    prepared: prepared && { answers: prepared, access: deps.access, soleWriter: deps.soleWriter ?? false },
  });
  const threads = createThreadActions({
    repo, sync, hydrator, access: deps.access, userSummaries: deps.userSummaries, nextId: deps.nextId, requireMember, writer, presentFor, reads, onItemRemoved,
  });
  const items = createItemActions({ repo, sync, requireMember, presentFor, onItemRemoved });
  const requests = createRequests({ repo, sync });

  return {
    deliver,
    requireMember,
    ...reads,
    ...threads,
    ...items,
    ...requests,
    /** Called after an item was unsent and its removal committed (the photo sender removes its files). */
    onItemRemoved(listener: ItemRemovedListener) { removedListeners.push(listener); },
    /** Typing and channel reads need the readers of a thread without presenting it. */
    readers: async (threadId: string) => (await repo.members([threadId])).filter((m) => m.state === 'active' || m.state === 'pending').map((m) => m.user_id),
    publishNow: sync.publishNow,
  };
}
export type Direct = ReturnType<typeof createDirect>;
