import type { DirectInboxResult, DirectItemResult, DirectThreadResult, DirectUserResult } from '@shutter/contract';

/** Threads, items and inboxes for the Direct tests (alice is the viewer, bob and carol the others). */

export const ALICE = '101';
export const BOB = '102';
export const CAROL = '103';

export function user(pk: string, username: string): DirectUserResult {
  return { id: pk, pk, username, full_name: username, profile_pic_url: '', is_private: false, is_verified: false };
}

export const alice = user(ALICE, 'alice');
export const bob = user(BOB, 'bob');
export const carol = user(CAROL, 'carol');

export function item(itemId: string, userId: string, timestamp: number, fields: Partial<DirectItemResult> = {}): DirectItemResult {
  return {
    item_id: itemId,
    item_type: 'text',
    user_id: userId,
    timestamp,
    client_context: null,
    text: `message ${itemId}`,
    reactions: { likes: [], likes_count: 0 },
    hide_in_thread: false,
    ...fields,
  };
}

export function thread(threadId: string, fields: Partial<DirectThreadResult> = {}): DirectThreadResult {
  const items = fields.items ?? [item(`${threadId}1`, BOB, 1_000)];
  return {
    thread_id: threadId,
    viewer_id: ALICE,
    users: [bob],
    left_users: [],
    inviter: bob,
    admin_user_ids: [],
    items,
    last_permanent_item: items[0] ?? null,
    last_activity_at: items[0]?.timestamp ?? 0,
    last_seen_at: {},
    is_group: false,
    pending: false,
    thread_title: 'bob',
    named: false,
    muted: false,
    approval_required_for_new_members: false,
    pending_user_ids: [],
    has_older: false,
    oldest_cursor: null,
    ...fields,
  };
}

export function inbox(threads: DirectThreadResult[], seqId = 10, fields: Partial<DirectInboxResult['inbox']> = {}): DirectInboxResult {
  return {
    viewer: alice,
    inbox: { threads, has_older: false, oldest_cursor: null, unseen_count: 1, ...fields },
    seq_id: seqId,
    snapshot_at_ms: 5_000,
    pending_requests_total: 0,
    status: 'ok',
  };
}
