import type { DirectItemResult, DirectThreadResult, PatchOp, SyncEvent, TypingIndicator } from '@shutter/contract';
import type { DirectState } from './direct-types';
import { integerValue, parsePatchPath } from './patch-path';
import { clearTyping, placeItem, removeThread, toThreadState, withoutItem } from './thread-state';

/**
 * What the channel's events do to the Direct state (spec 002 §4, Real-time): sequence checks, then
 * the deltas' add, replace and remove operations on the paths of the contract's `directPaths`.
 */

/**
 * apply: in sequence (or unsequenced, as typing is). buffer: a snapshot is loading. stale: its
 * sequence id is not above the state's (R-002-direct-realtime-3). gap: events were missed.
 * snapshot: the service asks for a reload (R-002-direct-realtime-2). invalid: not an event.
 */
export type SyncVerdict = 'apply' | 'buffer' | 'stale' | 'gap' | 'snapshot' | 'invalid';

export function classifySyncEvent(state: Pick<DirectState, 'seqId' | 'inboxLoaded' | 'syncing'>, event: SyncEvent): SyncVerdict {
  if (!event || typeof event !== 'object') return 'invalid';
  if (event.event === 'snapshot') return 'snapshot';
  if (event.event !== 'patch' || !Array.isArray(event.data)) return 'invalid';
  if (event.seq_id === undefined || event.seq_id === null) return 'apply';
  // R-002-direct-realtime-5: a sequence id that is not a whole number is no sequence id.
  const seq = integerValue(event.seq_id);
  if (seq === null) return 'invalid';
  if (!state.inboxLoaded || state.syncing) return 'buffer';
  if (state.seqId !== null && seq <= state.seqId) return 'stale';
  if (state.seqId !== null && seq > state.seqId + 1) return 'gap';
  return 'apply';
}

/** Operations of an event that name no path of ours (or carry a number that is no integer): skipped. */
export function unknownOps(event: SyncEvent): PatchOp[] {
  if (event.event !== 'patch' || !Array.isArray(event.data)) return [];
  return event.data.filter((op) => !op || typeof op.path !== 'string' || !parsePatchPath(op.path));
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function isItem(value: unknown): value is DirectItemResult {
  return isObject(value) && typeof value.item_id === 'string' && typeof value.user_id === 'string' && Number.isInteger(value.timestamp) && isObject(value.reactions);
}

function isThread(value: unknown, threadId: string): value is DirectThreadResult {
  return isObject(value) && value.thread_id === threadId && Array.isArray(value.items) && Array.isArray(value.users) && isObject(value.last_seen_at);
}

function isTyping(value: unknown): value is TypingIndicator {
  return isObject(value) && typeof value.sender_id === 'string' && (value.activity_status === 0 || value.activity_status === 1) && Number.isInteger(value.ttl);
}

function applyTyping(state: DirectState, threadId: string, indicatorId: string, op: PatchOp, now: number): DirectState {
  if (op.op === 'remove' || !isTyping(op.value)) {
    const sender = Object.entries(state.typing[threadId] ?? {}).find(([, entry]) => entry.indicatorId === indicatorId)?.[0];
    return sender ? clearTyping(state, threadId, sender) : state;
  }
  const { sender_id: senderId, activity_status: status, ttl } = op.value;
  if (senderId === state.viewerId) return state;
  // R-002-direct-18: typing lasts its time-to-live unless renewed; an off status stops it at once.
  if (status === 0) return clearTyping(state, threadId, senderId);
  return { ...state, typing: { ...state.typing, [threadId]: { ...state.typing[threadId], [senderId]: { indicatorId, expiresAt: now + ttl } } } };
}

function applyOp(state: DirectState, op: PatchOp, seq: number | null, now: number): DirectState {
  const target = parsePatchPath(op.path);
  if (!target) return state;
  switch (target.kind) {
    case 'item': {
      if (op.op === 'remove') {
        const thread = state.threads[target.threadId];
        return thread ? { ...state, threads: { ...state.threads, [target.threadId]: withoutItem(thread, target.itemId) } } : state;
      }
      return isItem(op.value) && op.value.item_id === target.itemId ? placeItem(state, target.threadId, op.value) : state;
    }
    case 'hasSeen': {
      const thread = state.threads[target.threadId];
      const value = op.value as { timestamp?: unknown; item_id?: unknown } | undefined;
      const timestamp = integerValue(value?.timestamp);
      if (!thread || timestamp === null || op.op === 'remove') return state;
      const seen = { timestamp, item_id: typeof value?.item_id === 'string' ? value.item_id : null };
      return { ...state, threads: { ...state.threads, [target.threadId]: { ...thread, last_seen_at: { ...thread.last_seen_at, [target.userId]: seen } } } };
    }
    case 'typing':
      return applyTyping(state, target.threadId, target.indicatorId, op, now);
    case 'inboxThread': {
      if (op.op === 'remove') return state.threads[target.threadId] ? removeThread(state, target.threadId, 'removed') : state;
      if (!isThread(op.value, target.threadId)) return state;
      const previous = state.threads[target.threadId];
      const newRequest = op.value.pending && !previous?.pending;
      const { [target.threadId]: _back, ...removed } = state.removed;
      return {
        ...state,
        removed,
        pendingRequestsTotal: state.pendingRequestsTotal + (newRequest ? 1 : 0),
        threads: { ...state.threads, [target.threadId]: toThreadState(op.value, previous) },
      };
    }
    case 'unseenCount': {
      const count = integerValue(op.value);
      return count === null || count < 0 ? state : { ...state, badgeCount: count, badgeSeqId: seq ?? state.badgeSeqId };
    }
  }
}

/** The event's operations in order; a sequenced event moves the state's sequence id to its own. */
export function applySyncEvent(state: DirectState, event: SyncEvent, now: number): DirectState {
  if (event.event !== 'patch') return state;
  const seq = event.seq_id === undefined ? null : integerValue(event.seq_id);
  const applied = event.data.reduce((current, op) => (op && typeof op.path === 'string' ? applyOp(current, op, seq, now) : current), state);
  // An item of a new thread comes with the thread itself: only a thread still missing is loaded.
  const missing = applied.unknownThreadIds.filter((id) => !applied.threads[id]);
  const next = missing.length === applied.unknownThreadIds.length ? applied : { ...applied, unknownThreadIds: missing };
  return seq === null ? next : { ...next, seqId: seq };
}
