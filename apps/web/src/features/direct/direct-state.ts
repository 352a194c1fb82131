import type { DirectInboxResult, DirectItemResult, DirectPendingInboxResult, DirectThreadResult, SubscriptionType, SyncEvent } from '@shutter/contract';
import { applySyncEvent, classifySyncEvent } from './sync-apply';
import { clearTyping, confirmSend, dropSend, placeItem, removeThread, toThreadState, withoutItem, withThread } from './thread-state';
import type { Connectivity, DirectState, RemovalReason, ThreadState } from './direct-types';
import { mergeItems, patchItem, withReaction, type ThreadItem } from './thread-items';

/**
 * The Direct state of spec 002 §3 as one plain reducer: the inbox snapshot and its sequence id, its
 * pages, the message requests, the real-time channel's state, the badge count, and every thread
 * the client holds with its items (the viewer's unconfirmed sends among them, by mutation token).
 */

const BUFFER_MAX = 200;

export const initialDirectState: DirectState = {
  viewerId: null,
  seqId: null,
  snapshotAt: null,
  inboxLoaded: false,
  inbox: { oldestCursor: null, hasOlder: false, isLoading: false, failed: false },
  requests: { oldestCursor: null, hasOlder: false, isLoading: false, failed: false, loaded: false },
  pendingRequestsTotal: 0,
  realtime: { mqttConnectivity: 'disconnected', subscriptionType: null },
  badgeCount: 0,
  badgeSeqId: null,
  threads: {},
  typing: {},
  syncing: false,
  buffered: [],
  needsSnapshot: false,
  unknownThreadIds: [],
  removed: {},
};

export type DirectAction =
  | { type: 'viewer'; viewerId: string }
  | { type: 'inboxRequested' }
  | { type: 'inboxLoaded'; answer: DirectInboxResult; now: number }
  | { type: 'inboxFailed' }
  | { type: 'olderInboxRequested' }
  | { type: 'olderInboxLoaded'; answer: DirectInboxResult }
  | { type: 'olderInboxFailed' }
  | { type: 'requestsRequested' }
  | { type: 'requestsLoaded'; answer: DirectPendingInboxResult; older: boolean }
  | { type: 'requestsFailed' }
  | { type: 'threadLoaded'; thread: DirectThreadResult; older: boolean }
  | { type: 'olderItemsRequested'; threadId: string }
  | { type: 'olderItemsFailed'; threadId: string }
  | { type: 'sendStarted'; threadId: string; item: ThreadItem }
  | { type: 'sendProgress'; threadId: string; clientContext: string; progress: number }
  | { type: 'sendConfirmed'; threadId: string; clientContext: string; itemId: string; timestamp: number }
  | { type: 'itemArrived'; threadId: string; item: DirectItemResult }
  | { type: 'sendFailed'; threadId: string; clientContext: string }
  | { type: 'itemRemoved'; threadId: string; itemId: string }
  | { type: 'itemRestored'; threadId: string; item: ThreadItem }
  | { type: 'reaction'; threadId: string; itemId: string; liked: boolean; now: number }
  | { type: 'threadChanged'; threadId: string; changes: Partial<Omit<ThreadState, 'items' | 'thread_id'>> }
  | { type: 'threadRemoved'; threadId: string; reason: RemovalReason }
  | { type: 'approved'; threadIds: string[] }
  | { type: 'seen'; threadId: string; itemId: string; timestamp: number }
  | { type: 'sync'; event: SyncEvent; now: number }
  | { type: 'badge'; count: number; seqId?: number }
  | { type: 'typingExpired'; threadId: string; senderId: string; now: number }
  | { type: 'connectivity'; value: Connectivity }
  | { type: 'subscription'; value: SubscriptionType }
  | { type: 'unknownThreadsTaken' };

const withItems = (state: DirectState, threadId: string, change: (items: ThreadItem[]) => ThreadItem[]) =>
  withThread(state, threadId, (thread) => ({ ...thread, items: change(thread.items) }));

function putThread(state: DirectState, thread: DirectThreadResult, previous = state.threads[thread.thread_id]): DirectState {
  const { [thread.thread_id]: _gone, ...removed } = state.removed;
  return { ...state, removed, threads: { ...state.threads, [thread.thread_id]: toThreadState(thread, previous) } };
}

/** A new snapshot: its threads (with the items already held beyond it), then what came meanwhile. */
function loadSnapshot(state: DirectState, answer: DirectInboxResult, now: number): DirectState {
  // Merged with what is held: threads past its first page or opened by their address stay (an open
  // thread must not vanish under its reader), and so do unconfirmed sends (their answer is to come).
  const threads: Record<string, ThreadState> = { ...state.threads };
  for (const thread of answer.inbox.threads) threads[thread.thread_id] = toThreadState(thread, state.threads[thread.thread_id]);
  let next: DirectState = {
    ...state,
    viewerId: answer.viewer.id,
    seqId: answer.seq_id,
    snapshotAt: answer.snapshot_at_ms,
    inboxLoaded: true,
    inbox: { oldestCursor: answer.inbox.oldest_cursor, hasOlder: answer.inbox.has_older, isLoading: false, failed: false },
    pendingRequestsTotal: answer.pending_requests_total,
    badgeCount: answer.inbox.unseen_count,
    badgeSeqId: answer.seq_id,
    threads,
    syncing: false,
    buffered: [],
    needsSnapshot: false,
  };
  for (const event of state.buffered) next = directReducer(next, { type: 'sync', event, now });
  return next;
}

/** Threads of a page, each merged with `held`'s copy (the messages loaded beyond the page stay). */
function addPages(state: DirectState, threads: readonly DirectThreadResult[], held = state.threads): DirectState {
  return threads.reduce((next, thread) => (next.removed[thread.thread_id] ? next : putThread(next, thread, held[thread.thread_id])), state);
}

export function directReducer(state: DirectState, action: DirectAction): DirectState {
  switch (action.type) {
    case 'viewer':
      return state.viewerId === action.viewerId ? state : { ...initialDirectState, viewerId: action.viewerId, realtime: state.realtime };
    case 'inboxRequested':
      return { ...state, needsSnapshot: false, syncing: true, inbox: { ...state.inbox, isLoading: true, failed: false } };
    case 'inboxLoaded':
      return loadSnapshot(state, action.answer, action.now);
    case 'inboxFailed':
      return { ...state, syncing: false, buffered: [], inbox: { ...state.inbox, isLoading: false, failed: true } };
    case 'olderInboxRequested':
      return { ...state, inbox: { ...state.inbox, isLoading: true, failed: false } };
    case 'olderInboxLoaded': {
      const { inbox } = action.answer;
      return { ...addPages(state, inbox.threads), inbox: { oldestCursor: inbox.oldest_cursor, hasOlder: inbox.has_older, isLoading: false, failed: false } };
    }
    case 'olderInboxFailed':
      return { ...state, inbox: { ...state.inbox, isLoading: false, failed: true } };
    case 'requestsRequested':
      return { ...state, requests: { ...state.requests, isLoading: true, failed: false } };
    case 'requestsLoaded': {
      const { inbox, pending_requests_total } = action.answer;
      // A first page replaces the requests held: one accepted or declined elsewhere is gone from it.
      // One still there keeps what is held of it (an open request's older messages).
      const base = action.older ? state : { ...state, threads: Object.fromEntries(Object.entries(state.threads).filter(([, thread]) => !thread.pending)) };
      const next = addPages(base, inbox.threads, state.threads);
      return { ...next, pendingRequestsTotal: pending_requests_total, requests: { oldestCursor: inbox.oldest_cursor, hasOlder: inbox.has_older, isLoading: false, failed: false, loaded: true } };
    }
    case 'requestsFailed':
      return { ...state, requests: { ...state.requests, isLoading: false, failed: true } };
    case 'threadLoaded': {
      if (!action.older) return putThread(state, action.thread);
      return withThread(state, action.thread.thread_id, (thread) => ({
        ...thread,
        items: mergeItems(thread.items, action.thread.items),
        has_older: action.thread.has_older,
        oldest_cursor: action.thread.oldest_cursor,
        loadingOlder: false,
      }));
    }
    case 'olderItemsRequested':
      return withThread(state, action.threadId, (thread) => ({ ...thread, loadingOlder: true }));
    case 'olderItemsFailed':
      return withThread(state, action.threadId, (thread) => ({ ...thread, loadingOlder: false }));
    case 'sendStarted':
      return placeItem(state, action.threadId, action.item);
    case 'sendProgress':
      return withItems(state, action.threadId, (items) =>
        patchItem(items, (item) => item.client_context === action.clientContext && !!item.send, (item) => ({ ...item, send: { state: 'uploading', progress: action.progress } })),
      );
    case 'sendConfirmed':
      return withThread(state, action.threadId, (thread) => confirmSend(thread, action.clientContext, action.itemId, action.timestamp));
    case 'itemArrived':
      return placeItem(state, action.threadId, action.item);
    case 'sendFailed':
      return withThread(state, action.threadId, (thread) => dropSend(thread, action.clientContext));
    case 'itemRemoved':
      return withThread(state, action.threadId, (thread) => withoutItem(thread, action.itemId));
    case 'itemRestored':
      return placeItem(state, action.threadId, action.item);
    case 'reaction': {
      const viewerId = state.viewerId;
      if (!viewerId) return state;
      return withItems(state, action.threadId, (items) => patchItem(items, (item) => item.item_id === action.itemId, (item) => withReaction(item, viewerId, action.liked, action.now)));
    }
    case 'threadChanged':
      return withThread(state, action.threadId, (thread) => ({ ...thread, ...action.changes }));
    case 'threadRemoved':
      return removeThread(state, action.threadId, action.reason);
    case 'approved': {
      const approved = action.threadIds.filter((id) => state.threads[id]?.pending);
      const threads = { ...state.threads };
      for (const id of approved) threads[id] = { ...threads[id], pending: false };
      return { ...state, threads, pendingRequestsTotal: Math.max(0, state.pendingRequestsTotal - approved.length) };
    }
    case 'seen': {
      const viewerId = state.viewerId;
      const thread = state.threads[action.threadId];
      if (!viewerId || !thread) return state;
      const last_seen_at = { ...thread.last_seen_at, [viewerId]: { timestamp: Math.max(action.timestamp, thread.last_activity_at), item_id: action.itemId } };
      return withThread(state, action.threadId, (current) => ({ ...current, last_seen_at }));
    }
    case 'sync': {
      const verdict = classifySyncEvent(state, action.event);
      if (verdict === 'buffer') {
        // A snapshot that does not come (a failed load) must not hold events without end.
        if (state.buffered.length >= BUFFER_MAX) return { ...state, buffered: [], needsSnapshot: true };
        return { ...state, buffered: [...state.buffered, action.event] };
      }
      if (verdict === 'gap' || verdict === 'snapshot') return { ...state, needsSnapshot: true };
      if (verdict !== 'apply') return state;
      return applySyncEvent(state, action.event, action.now);
    }
    case 'badge':
      if (action.seqId !== undefined && state.badgeSeqId !== null && action.seqId < state.badgeSeqId) return state;
      return { ...state, badgeCount: Math.max(0, action.count), badgeSeqId: action.seqId ?? state.badgeSeqId };
    case 'typingExpired': {
      const entry = state.typing[action.threadId]?.[action.senderId];
      if (entry === undefined || entry.expiresAt > action.now) return state;
      return clearTyping(state, action.threadId, action.senderId);
    }
    case 'connectivity':
      return { ...state, realtime: { ...state.realtime, mqttConnectivity: action.value } };
    case 'subscription':
      // Leaving the message stream, the snapshot ages unseen: the next direct page reloads it.
      return { ...state, inboxLoaded: action.value === 'message' ? state.inboxLoaded : false, syncing: false, buffered: [], realtime: { ...state.realtime, subscriptionType: action.value } };
    case 'unknownThreadsTaken':
      return { ...state, unknownThreadIds: [] };
  }
}

/** The inbox (or the requests) in order of last activity, newest first. */
export function listThreads(threads: Record<string, ThreadState>, pending: boolean): ThreadState[] {
  return Object.values(threads)
    .filter((thread) => thread.pending === pending)
    .sort((a, b) => b.last_activity_at - a.last_activity_at || (a.thread_id < b.thread_id ? 1 : -1));
}
