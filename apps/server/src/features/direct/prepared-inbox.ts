import type { DirectInboxResult } from '@shutter/contract';
import type { PreparedAnswers } from '../../platform/prepared-answers.js';
import type { Access } from '../access/service.js';

/** The inbox's first page as it was built, with what the access rules said of it then. */
export interface InboxPage {
  result: DirectInboxResult;
  /** Everyone the page's threads hold (members, senders, reactors, shared posts' owners). */
  people: string[];
  /** The posts shared in it. */
  posts: string[];
  /** Of `people`, those a block stood between and the viewer, or gone, when it was built. */
  blocked: string[];
  /** Of `posts`, those the viewer could see when it was built. */
  visibleMedia: string[];
}
export type PreparedInbox = PreparedAnswers<InboxPage>;

/** Off only to measure what each read-time check costs (bench/direct-inbox.ts). */
export const inboxRecheck = { access: true, seq: true };

/** An inbox as served: `kept` is the kept answer it was stamped from, when it was one. */
export interface ServedInbox {
  result: DirectInboxResult;
  kept?: DirectInboxResult;
}

/**
 * The first page of each viewer's inbox, kept ready and served again while nothing it shows
 * changed: every change of a thread drops it for each of its readers as it is told
 * (`viewersChanged`), a write of anyone it names drops it (`wrote`, the people index). The
 * access rules still decide at each read: when a block or a gone account, or a shared post's
 * visibility, is not what it was when the page was built, the page is built anew. So is it when
 * the page may predate a change of the viewer's threads committed by a process that could not drop
 * it (another instance whose drop is still on its way, or one without the shared channel). A
 * client that says which sequence number it was told of last (`seenSeq`) is answered with the kept
 * page when it is at least that new: anything after it reaches the client as events, in order. A
 * client that says nothing is answered with it only while the viewer's sequence number, read
 * again, is still the page's. Where no other process writes (`seqOf` null: the embedded database,
 * which one process opens and whose every change of a thread drops the page first), no such read
 * is needed.
 */
export function createInboxServing(prepared: PreparedInbox, access: Pick<Access, 'allStillThere' | 'allStillVisible'>, seqOf: ((viewerId: string) => Promise<number>) | null) {
  async function stillAllowed(viewerId: string, page: InboxPage, seenSeq: number | null): Promise<boolean> {
    if (seenSeq !== null && seenSeq > page.result.seq_id) return false;
    const blocked = new Set(page.blocked);
    const [seq, there, visible] = await Promise.all([
      seenSeq === null && seqOf && inboxRecheck.seq ? seqOf(viewerId) : page.result.seq_id,
      // Someone blocked or gone then and there now (an unblock, a suspension lifted) shows once that write drops the page.
      inboxRecheck.access ? access.allStillThere(viewerId, page.people.filter((id) => !blocked.has(id))) : true,
      // A post hidden then and visible now shows once a write (a follow approved, an unblock) drops the page.
      inboxRecheck.access && page.visibleMedia.length ? access.allStillVisible(viewerId, page.visibleMedia) : true,
    ]);
    return seq === page.result.seq_id && there && visible;
  }

  return async function serve(
    viewerId: string, opts: { limit: number; threadMessageLimit: number; seenSeq?: number | null }, build: () => Promise<InboxPage>,
  ): Promise<ServedInbox> {
    const variant = `${opts.limit}:${opts.threadMessageLimit}`;
    const ready = prepared.get(viewerId, variant);
    // Nothing the viewer was told of happened since: the snapshot still holds now.
    if (ready && (await stillAllowed(viewerId, ready.answer, opts.seenSeq ?? null))) {
      const kept = ready.answer.result;
      return { result: { ...kept, snapshot_at_ms: Date.now() }, kept };
    }
    const ticket = prepared.ticket();
    const built = await build();
    prepared.keep(viewerId, variant, ticket, { answer: built, skeleton: built.posts, shown: built.posts });
    return { result: built.result };
  };
}
