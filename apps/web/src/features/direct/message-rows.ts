import type { DirectUserResult } from '@shutter/contract';
import type { ThreadState } from './direct-types';
import { seenBy } from './seen';
import { itemKey, type ThreadItem } from './thread-items';

/** The rows of an open thread, oldest first: what the message list renders, kind by kind. */
export type MessageRow =
  | { kind: 'time'; key: string; timestamp: number }
  | { kind: 'log'; key: string; item: ThreadItem }
  | { kind: 'message'; key: string; item: ThreadItem; own: boolean; sender: DirectUserResult | null; firstOfRun: boolean; lastOfRun: boolean }
  | { kind: 'seen'; key: string; names: string[] | null }
  | { kind: 'typing'; key: string; senders: DirectUserResult[] };

/** Our choice: a gap this long between two messages shows the time again. */
export const TIME_GAP_MS = 60 * 60 * 1000;

export function messageRows(thread: Pick<ThreadState, 'items' | 'users' | 'left_users' | 'is_group' | 'last_seen_at'>, viewerId: string, typingIds: readonly string[]): MessageRow[] {
  const members = [...thread.users, ...thread.left_users];
  const userOf = (id: string) => members.find((user) => user.pk === id || user.id === id) ?? null;
  const items = thread.items.filter((item) => !item.hide_in_thread).reverse();
  const rows: MessageRow[] = [];
  items.forEach((item, i) => {
    const previous = items[i - 1];
    const next = items[i + 1];
    const timeBreak = !previous || item.timestamp - previous.timestamp > TIME_GAP_MS;
    if (timeBreak) rows.push({ kind: 'time', key: `time-${itemKey(item)}`, timestamp: item.timestamp });
    if (item.item_type === 'action_log') {
      rows.push({ kind: 'log', key: itemKey(item), item });
      return;
    }
    const own = item.user_id === viewerId;
    const sameAsPrevious = !timeBreak && previous && previous.item_type !== 'action_log' && previous.user_id === item.user_id;
    const nextBreaks = !next || next.timestamp - item.timestamp > TIME_GAP_MS || next.item_type === 'action_log' || next.user_id !== item.user_id;
    rows.push({ kind: 'message', key: itemKey(item), item, own, sender: own ? null : userOf(item.user_id), firstOfRun: !sameAsPrevious, lastOfRun: nextBreaks });
  });
  const newest = items[items.length - 1];
  if (newest && newest.user_id === viewerId && !newest.send && newest.item_type !== 'action_log') {
    const seers = seenBy(thread, newest);
    if (seers.length > 0) rows.push({ kind: 'seen', key: 'seen', names: thread.is_group ? seers.map((user) => user.username) : null });
  }
  const typing = typingIds.map(userOf).filter((user): user is DirectUserResult => user !== null);
  if (typing.length > 0) rows.push({ kind: 'typing', key: 'typing', senders: typing });
  return rows;
}
