import type { DirectItemResult } from '@shutter/contract';

/** Where a message the viewer sent stands until the service has it. */
export interface SendStatus {
  state: 'sending' | 'uploading';
  /** 0..1 while a photo uploads. */
  progress?: number;
}

/** A thread's item as the client holds it: the service's, or the viewer's own not yet confirmed. */
export type ThreadItem = DirectItemResult & { send?: SendStatus };

/** A stable key across the optimistic copy and the service's item that replaces it. */
export const itemKey = (item: ThreadItem) => item.client_context ?? item.item_id;

const sameItem = (a: ThreadItem, b: ThreadItem) => a.item_id === b.item_id || (a.client_context !== null && a.client_context === b.client_context);

/** Newest first, as the service lists them; equal times by id, so the order never flickers. */
function newerFirst(a: ThreadItem, b: ThreadItem): number {
  if (a.timestamp !== b.timestamp) return b.timestamp - a.timestamp;
  return a.item_id < b.item_id ? 1 : a.item_id > b.item_id ? -1 : 0;
}

/**
 * Puts `item` in its place, replacing the copy with its id or its mutation token: the optimistic
 * copy and the service's item (from the send's answer or the channel, whichever comes first)
 * are one message, never two.
 */
export function upsertItem(items: readonly ThreadItem[], item: ThreadItem): ThreadItem[] {
  const previous = items.find((other) => sameItem(other, item));
  // The sender's own copy keeps its token when the channel's copy of the item lacks it.
  const merged = previous && item.client_context === null && previous.client_context !== null ? { ...item, client_context: previous.client_context } : item;
  return [...items.filter((other) => !sameItem(other, item)), merged].sort(newerFirst);
}

/** Older pages and fresh copies together, each item once (the fresher copy wins). */
export function mergeItems(current: readonly ThreadItem[], incoming: readonly ThreadItem[]): ThreadItem[] {
  return incoming.reduce<ThreadItem[]>((items, item) => upsertItem(items, item), [...current]);
}

export function removeItem(items: readonly ThreadItem[], itemId: string): ThreadItem[] {
  return items.filter((item) => item.item_id !== itemId);
}

export function removeByToken(items: readonly ThreadItem[], clientContext: string): ThreadItem[] {
  return items.filter((item) => item.client_context !== clientContext);
}

/** The item the send's answer names takes the service's id and time; it is no longer pending. */
export function confirmItem(items: readonly ThreadItem[], clientContext: string, itemId: string, timestamp: number): ThreadItem[] {
  const own = items.find((item) => item.client_context === clientContext);
  if (!own) return [...items];
  const { send: _send, ...rest } = own;
  return upsertItem(removeByToken(items, clientContext), { ...rest, item_id: itemId, timestamp });
}

export function patchItem(items: readonly ThreadItem[], match: (item: ThreadItem) => boolean, patch: (item: ThreadItem) => ThreadItem): ThreadItem[] {
  return items.map((item) => (match(item) ? patch(item) : item));
}

/** A like on an item by `userId`, added or taken away (R-002-direct-14). */
export function withReaction(item: ThreadItem, userId: string, liked: boolean, now: number): ThreadItem {
  const others = item.reactions.likes.filter((like) => like.sender_id !== userId);
  const likes = liked ? [...others, { sender_id: userId, timestamp: now }] : others;
  return { ...item, reactions: { likes, likes_count: likes.length } };
}

/** A mutation token: a decimal string, unique per send, so that a retried send is still one message. */
export function newClientContext(now = Date.now(), random = Math.random()): string {
  return `${now}${String(Math.floor(random * 1e6)).padStart(6, '0')}`;
}

/** The optimistic copy of what the viewer sends, until the service's item takes its place (R-002-direct-7). */
export function optimisticItem(fields: Pick<DirectItemResult, 'item_type' | 'user_id' | 'client_context'> & Partial<DirectItemResult>, now: number, send: SendStatus = { state: 'sending' }): ThreadItem {
  return {
    item_id: `0${fields.client_context ?? now}`,
    timestamp: now,
    reactions: { likes: [], likes_count: 0 },
    hide_in_thread: false,
    ...fields,
    send,
  };
}
