import type { DirectItemResult, DirectThreadResult } from '@shutter/contract';
import type { DirectState, RemovalReason, ThreadState } from './direct-types';
import { confirmItem, mergeItems, removeItem, upsertItem } from './thread-items';

/** Changes to one thread of the Direct state, shared by the reducer and the channel's deltas. */

export function toThreadState(thread: DirectThreadResult, previous?: ThreadState): ThreadState {
  const items = previous ? mergeItems(previous.items, thread.items) : [...thread.items];
  return { ...thread, items, loadingOlder: false };
}

export function withThread(state: DirectState, threadId: string, change: (thread: ThreadState) => ThreadState): DirectState {
  const thread = state.threads[threadId];
  if (!thread) return state;
  return { ...state, threads: { ...state.threads, [threadId]: change(thread) } };
}

export function removeThread(state: DirectState, threadId: string, reason: RemovalReason): DirectState {
  const { [threadId]: gone, ...threads } = state.threads;
  const { [threadId]: _typing, ...typing } = state.typing;
  const pendingRequestsTotal = gone?.pending ? Math.max(0, state.pendingRequestsTotal - 1) : state.pendingRequestsTotal;
  return { ...state, threads, typing, pendingRequestsTotal, removed: { ...state.removed, [threadId]: reason } };
}

export function clearTyping(state: DirectState, threadId: string, senderId: string): DirectState {
  const thread = state.typing[threadId];
  if (!thread?.[senderId]) return state;
  const { [senderId]: _gone, ...rest } = thread;
  return { ...state, typing: { ...state.typing, [threadId]: rest } };
}

/**
 * An item the service has (from the channel or a call's answer) into its thread: in place of its
 * optimistic copy, the thread's activity moved on, and its sender no longer typing. A thread the
 * client does not hold yet is loaded.
 */
export function placeItem(state: DirectState, threadId: string, item: DirectItemResult): DirectState {
  const thread = state.threads[threadId];
  if (!thread) return state.unknownThreadIds.includes(threadId) ? state : { ...state, unknownThreadIds: [...state.unknownThreadIds, threadId] };
  const last = thread.last_permanent_item;
  const next: ThreadState = {
    ...thread,
    items: upsertItem(thread.items, item),
    last_activity_at: Math.max(thread.last_activity_at, item.timestamp),
    last_permanent_item: !item.hide_in_thread && (!last || item.timestamp >= last.timestamp) ? item : last,
  };
  return clearTyping({ ...state, threads: { ...state.threads, [threadId]: next } }, threadId, item.user_id);
}

/** An item taken out; if it was the thread's last, the one before it takes its place in the inbox. */
export function withoutItem(thread: ThreadState, itemId: string): ThreadState {
  const items = removeItem(thread.items, itemId);
  if (thread.last_permanent_item?.item_id !== itemId) return { ...thread, items };
  return { ...thread, items, last_permanent_item: items.find((item) => !item.hide_in_thread && !item.send) ?? null };
}

/** The send's answer: the optimistic copy takes the service's id and time (R-002-direct-8). */
export function confirmSend(thread: ThreadState, clientContext: string, itemId: string, timestamp: number): ThreadState {
  const items = confirmItem(thread.items, clientContext, itemId, timestamp);
  const last = thread.last_permanent_item;
  const confirmed = items.find((item) => item.client_context === clientContext);
  return { ...thread, items, last_permanent_item: last && last.client_context === clientContext && confirmed ? confirmed : last };
}

/** A send that failed leaves nothing behind (R-002-direct-9). */
export function dropSend(thread: ThreadState, clientContext: string): ThreadState {
  const own = thread.items.find((item) => item.client_context === clientContext && item.send);
  return own ? withoutItem(thread, own.item_id) : thread;
}
