import {
  DIRECT_INBOX_THREAD_MESSAGES,
  DIRECT_INBOX_THREADS,
  DIRECT_THREAD_PAGE,
  type DirectInboxResult,
  type DirectItemResult,
  type DirectPendingInboxResult,
  type DirectThreadResult,
  type RankedRecipientsResult,
} from '@shutter/contract';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { csrfToken } from '../../lib/csrf';
import { translateServerMessage } from '../../lib/i18n/translate';

/** The HTTP calls of Direct (spec 002 §7); what is sent over the channel is in channel.ts. */

const BASE = '/direct_v2/web';
const thread = (threadId: string) => `${BASE}/threads/${encodeURIComponent(threadId)}`;
const query = (fields: Record<string, string | number | boolean | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) params.set(key, String(value));
  return params.toString();
};

/** `seqId`: the highest sequence number the channel told of, so that the answer is at least that new. */
export const fetchInbox = (cursor?: string | null, seqId?: number | null) =>
  apiGet<DirectInboxResult>(`${BASE}/inbox/?${query({ persistentBadging: true, limit: DIRECT_INBOX_THREADS, thread_message_limit: DIRECT_INBOX_THREAD_MESSAGES, cursor, seq_id: seqId ?? undefined })}`);

export const fetchPendingInbox = (cursor?: string | null) => apiGet<DirectPendingInboxResult>(`${BASE}/pending_inbox/${cursor ? `?${query({ cursor })}` : ''}`);

export const fetchThread = async (threadId: string, cursor?: string | null) =>
  (await apiGet<{ thread: DirectThreadResult }>(`${thread(threadId)}/?${query({ cursor, limit: DIRECT_THREAD_PAGE })}`)).thread;

export const fetchBadgeCount = () => apiGet<{ badge_count: number; seq_id: number }>(`${BASE}/get_badge_count/?no_raven=1`);

export const fetchRankedRecipients = (text: string, mode: 'raven' | 'reshare' = 'raven') =>
  apiGet<RankedRecipientsResult>(`${BASE}/ranked_recipients/?${query({ mode, query: text, show_threads: mode === 'reshare' })}`);

export const approveThreads = (threadIds: string[]) => apiPost(`${BASE}/threads/approve_multiple/`, { thread_ids: JSON.stringify(threadIds) });
export const declineThreads = (threadIds: string[]) => apiPost(`${BASE}/threads/decline_multiple/`, { thread_ids: JSON.stringify(threadIds) });
export const approveAll = () => apiPost(`${BASE}/threads/approve_all/`);
export const declineAll = () => apiPost(`${BASE}/threads/decline_all/`);

export const markItemSeen = (threadId: string, itemId: string) => apiPost(`${thread(threadId)}/items/${encodeURIComponent(itemId)}/seen/`);
export const deleteItem = (threadId: string, itemId: string) => apiPost(`${thread(threadId)}/items/${encodeURIComponent(itemId)}/delete/`);
/** A heart on a message (the service's path: the spec names none for reactions). */
export const setItemLiked = (threadId: string, itemId: string, liked: boolean) =>
  apiPost(`${thread(threadId)}/items/${encodeURIComponent(itemId)}/${liked ? 'like' : 'unlike'}/`);

export const createGroupThread = (userIds: string[]) =>
  apiPost<{ thread_id: string; thread: DirectThreadResult }>(`${BASE}/create_group_thread/`, { recipient_users: JSON.stringify(userIds) });

export const addUsers = (threadId: string, userIds: string[]) => apiPost<{ thread?: DirectThreadResult }>(`${thread(threadId)}/add_user/`, { user_ids: JSON.stringify(userIds) });
export const updateTitle = (threadId: string, title: string) => apiPost<{ thread: DirectThreadResult }>(`${thread(threadId)}/update_title/`, { title });
export type ThreadCommand = 'mute' | 'unmute' | 'leave' | 'hide';
export const threadCommand = (threadId: string, command: ThreadCommand) => apiPost(`${thread(threadId)}/${command}/`);

/** What admins of a group do (R-002-direct-20, R-002-direct-21; the spec names no paths for them). */
export type AdminCommand = 'add_admins' | 'remove_admins' | 'remove_users';
export const adminCommand = (threadId: string, command: AdminCommand, userIds: string[]) =>
  apiPost<{ thread: DirectThreadResult }>(`${thread(threadId)}/${command}/`, { user_ids: JSON.stringify(userIds) });
export const setApprovalRequired = (threadId: string, required: boolean) =>
  apiPost<{ thread: DirectThreadResult }>(`${thread(threadId)}/approval_required_for_new_members/`, { enabled: required });

/** A photo to a thread: its upload (with progress), then the message made of it (R-002-direct-26). */
export function uploadPhoto(threadId: string, file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const form = new FormData();
    form.append('photo', file, file instanceof File ? file.name : 'photo.jpg');
    form.append('thread_id', threadId);
    request.open('POST', `${BASE}/threads/broadcast/upload_photo/`);
    request.setRequestHeader('X-CSRFToken', csrfToken());
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, null, 'Network error'));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = request.responseText;
      }
      const uploadId = (body as { upload_id?: unknown } | null)?.upload_id;
      if (request.status >= 200 && request.status < 300 && typeof uploadId === 'string') resolve(uploadId);
      else reject(new ApiError(request.status, body, translateServerMessage(body) ?? `HTTP ${request.status}`));
    };
    request.send(form);
  });
}

export const configurePhoto = (threadId: string, uploadId: string, mutationToken: string) =>
  apiPost<{ thread_id: string; item: DirectItemResult }>(`${BASE}/threads/broadcast/configure_photo/`, {
    action: 'send_item',
    allow_full_aspect_ratio: true,
    content_type: 'photo',
    mutation_token: mutationToken,
    sampled: true,
    thread_id: threadId,
    upload_id: uploadId,
  });
