import type { DirectThreadResult, DirectUserResult } from '@shutter/contract';
import type { ThreadItem } from './thread-items';

type SeenFields = Pick<DirectThreadResult, 'last_permanent_item' | 'last_activity_at' | 'last_seen_at'>;

/**
 * Whether the viewer has seen a thread (spec 002 §4): its last permanent item is the viewer's own
 * (R-002-direct-16; own messages are told by user id, R-002-direct-17), or its last activity is
 * not later than the viewer's last seen time (R-002-direct-15).
 */
export function isThreadSeen(thread: SeenFields, viewerId: string): boolean {
  if (thread.last_permanent_item && thread.last_permanent_item.user_id === viewerId) return true;
  const seen = thread.last_seen_at[viewerId];
  return seen !== undefined && thread.last_activity_at <= seen.timestamp;
}

/** The other members who have seen `item`: their last seen time is at or after it. */
export function seenBy(thread: Pick<DirectThreadResult, 'last_seen_at'> & { users: DirectUserResult[] }, item: ThreadItem): DirectUserResult[] {
  return thread.users.filter((user) => {
    const seen = thread.last_seen_at[user.pk] ?? thread.last_seen_at[user.id];
    return seen !== undefined && (seen.item_id === item.item_id || seen.timestamp >= item.timestamp);
  });
}
