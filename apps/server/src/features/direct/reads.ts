import type { DirectInboxResult, DirectPendingInboxResult, DirectThreadResult } from '@shutter/contract';
import { badRequest, failWith } from '../../platform/errors.js';
import { decodeCursor, decodeIdCursor, encodeCursor } from '../../platform/cursors.js';
import { keptJson } from '../../platform/kept-json.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import type { Access, ThreadMember } from '../access/service.js';
import type { DirectHydrator } from './hydrate.js';
import { createInboxServing, type InboxPage, type PreparedInbox, type ServedInbox } from './prepared-inbox.js';
import { presentDirectUser } from './present.js';
import type { DirectRepository, InboxKey } from './repository.js';
import type { StoryRings } from '../stories/rings.js';

export interface ReadsDeps {
  repo: DirectRepository;
  hydrator: DirectHydrator;
  userSummaries: Pick<UserSummaries, 'many'>;
  storage: Storage;
  requireMember: (viewerId: string, threadId: string) => Promise<ThreadMember>;
  /** Rings on the members' pictures (inbox rows, a thread's header); none when absent. */
  rings?: Pick<StoryRings, 'attach'>;
  /**
   * Each viewer's first inbox page kept ready, and the access rules it is checked against at each
   * read; `soleWriter`: no other process writes to this database (the embedded one).
   */
  prepared?: { answers: PreparedInbox; access: Pick<Access, 'allStillThere' | 'allStillVisible'>; soleWriter: boolean };
}

export interface InboxOptions {
  limit: number;
  threadMessageLimit: number;
  cursor?: string | null;
  /** The highest sequence number the client was told of: the answer is at least that new. */
  seenSeq?: number | null;
}

function decodeInboxCursor(cursor: string | null | undefined): InboxKey | null {
  if (!cursor) return null;
  const [at, threadId] = decodeCursor(cursor, 2);
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || typeof threadId !== 'string' || !/^\d{1,20}$/.test(threadId)) {
    throw badRequest('The page cursor is not valid.');
  }
  return { at: new Date(at), threadId };
}

/** The inbox, the requests, a thread and the badge: each a keyset page, hydrated in batches, for its reader. */
export function createDirectReads({ repo, hydrator, userSummaries, storage, requireMember, rings, prepared }: ReadsDeps) {
  const serve = prepared ? createInboxServing(prepared.answers, prepared.access, prepared.soleWriter ? null : (viewerId) => repo.seq(viewerId)) : null;

  /** The page's members get their rings in one statement; the channel's events carry none. */
  async function withRings<T extends DirectThreadResult>(viewerId: string, threads: T[]): Promise<T[]> {
    if (rings) await rings.attach(viewerId, threads.flatMap((t) => t.users));
    return threads;
  }

  /** A page of the viewer's threads in one state, each with its newest messages. */
  async function page(viewerId: string, state: 'active' | 'pending', opts: InboxOptions) {
    const rows = await repo.inboxPage(viewerId, state, opts.limit + 1, decodeInboxCursor(opts.cursor));
    const shown = rows.slice(0, opts.limit);
    const bundles = await hydrator.bundles(repo, shown.map((r) => r.thread_id), opts.threadMessageLimit);
    const h = await hydrator.hydrate(repo, bundles.values());
    const rules = await hydrator.rulesFor(viewerId, h);
    const threads = shown.flatMap((r) => {
      const b = bundles.get(r.thread_id);
      return b ? [hydrator.thread(b, opts.threadMessageLimit, rules, h)] : [];
    });
    const last = shown[shown.length - 1];
    const hasOlder = rows.length > opts.limit;
    const page = { threads: await withRings(viewerId, threads), has_older: hasOlder, oldest_cursor: hasOlder && last ? encodeCursor([last.activity_at.getTime(), last.thread_id]) : null };
    return { page, h, rules };
  }

  async function unseenCount(viewerId: string): Promise<number> {
    return (await repo.unseenCounts([viewerId])).get(viewerId) ?? 0;
  }

  /** The inbox, with the people and posts in it and what the access rules said of them. */
  async function buildInbox(viewerId: string, opts: InboxOptions): Promise<InboxPage> {
    const seq = await repo.seq(viewerId);
    const snapshotAt = Date.now();
    const [{ page: inbox, h, rules }, unseen, requests, people] = await Promise.all([
      page(viewerId, 'active', opts), unseenCount(viewerId), repo.countRequests(viewerId), userSummaries.many([viewerId]),
    ]);
    const viewer = people.get(viewerId);
    if (!viewer) throw failWith(404, { code: 'user_not_found' });
    const posts = [...h.posts.keys()];
    return {
      result: {
        viewer: presentDirectUser(viewer, storage),
        inbox: { ...inbox, unseen_count: unseen },
        seq_id: seq,
        snapshot_at_ms: snapshotAt,
        pending_requests_total: requests,
        status: 'ok',
      },
      people: [...h.users.keys()],
      posts,
      blocked: [...rules.blocked],
      visibleMedia: posts.filter((id) => rules.visibleMedia.has(id)),
    };
  }

  async function inboxServed(viewerId: string, opts: InboxOptions): Promise<ServedInbox> {
    if (!serve || opts.cursor) return { result: (await buildInbox(viewerId, opts)).result };
    return serve(viewerId, opts, () => buildInbox(viewerId, opts));
  }

  return {
    unseenCount,

    /**
     * The inbox (R-002-direct-api-1): the viewer's threads, most recent first, with the sequence
     * number they were read at (read first: an event after it may repeat what the page holds,
     * never miss what it lacks). The first page is kept ready when it can be.
     */
    async inbox(viewerId: string, opts: InboxOptions): Promise<DirectInboxResult> {
      return (await inboxServed(viewerId, opts)).result;
    },

    /** The inbox as its route sends it: a kept one as JSON text, its threads serialised once. */
    async inboxAnswer(viewerId: string, opts: InboxOptions): Promise<DirectInboxResult | { json: string }> {
      const { result, kept } = await inboxServed(viewerId, opts);
      return kept ? { json: keptJson(kept, 'snapshot_at_ms', result.snapshot_at_ms) } : result;
    },

    /** The message requests (R-002-direct-api-2): threads the viewer has not accepted yet. */
    async pendingInbox(viewerId: string, opts: InboxOptions): Promise<DirectPendingInboxResult> {
      const seq = await repo.seq(viewerId);
      const [{ page: inbox }, requests] = await Promise.all([page(viewerId, 'pending', opts), repo.countRequests(viewerId)]);
      return { inbox: { ...inbox, unseen_count: 0 }, seq_id: seq, pending_requests_total: requests, status: 'ok' };
    },

    /** A thread and a page of its items, older ones by cursor (R-002-direct-api-3); members only. */
    async thread(viewerId: string, threadId: string, opts: { cursor?: string | null; limit: number }): Promise<DirectThreadResult> {
      await requireMember(viewerId, threadId);
      const [bundles, items] = await Promise.all([
        hydrator.bundles(repo, [threadId], 0),
        repo.olderItems(threadId, decodeIdCursor(opts.cursor), opts.limit),
      ]);
      const bundle = bundles.get(threadId);
      if (!bundle) throw failWith(404, { code: 'thread_not_found' });
      const full = { ...bundle, items };
      const h = await hydrator.hydrate(repo, [full]);
      const [shown] = await withRings(viewerId, [hydrator.thread(full, opts.limit, await hydrator.rulesFor(viewerId, h), h)]);
      return shown!;
    },

    /** A thread as the inbox lists it, for one reader (answers of the thread calls). */
    async inboxThread(viewerId: string, threadId: string, limit: number): Promise<DirectThreadResult> {
      const bundle = (await hydrator.bundles(repo, [threadId], limit)).get(threadId);
      if (!bundle) throw failWith(404, { code: 'thread_not_found' });
      const h = await hydrator.hydrate(repo, [bundle]);
      return hydrator.thread(bundle, limit, await hydrator.rulesFor(viewerId, h), h);
    },

    /** The badge (R-002-direct-api-14): the viewer's unseen threads, and the sequence number it was read at. */
    async badge(viewerId: string): Promise<{ badge_count: number; seq_id: number }> {
      const seq = await repo.seq(viewerId);
      return { badge_count: await unseenCount(viewerId), seq_id: seq };
    },
  };
}
export type DirectReads = ReturnType<typeof createDirectReads>;
