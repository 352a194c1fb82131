import type { ChannelItemType, DirectItemResult, DirectThreadResult } from '@shutter/contract';
import { ChannelSendError, MQTT_NOT_INSTANTIATED } from './channel';
import type { DirectStore } from './direct-store';
import type { ThreadState } from './direct-types';
import { isThreadSeen } from './seen';
import { newClientContext, optimisticItem, type ThreadItem } from './thread-items';
import type { AdminCommand } from './direct-api';

/**
 * What the viewer does in Direct. Sends are optimistic (R-002-direct-7..9): the item shows at once
 * under its mutation token, the service's item takes its place, a failure takes it away with a
 * toast. Other changes show at once too and go back, with a toast, when the service refuses them.
 */
export type DirectActions = ReturnType<typeof directActions>;

function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve({ width: 0, height: 0 });
    image.src = url;
  });
}

export function directActions(store: DirectStore) {
  const { dispatch, getState, api, now } = store;
  const viewerId = () => getState().viewerId ?? '';
  const thread = (threadId: string): ThreadState | undefined => getState().threads[threadId];

  /** Text, a like and a shared post go over the channel, never HTTP (R-002-direct-10). */
  async function sendOverChannel(threadId: string, itemType: Exclude<ChannelItemType, 'typing'>, fields: { text?: string; media_id?: string }, preview: Partial<DirectItemResult> = {}): Promise<boolean> {
    const clientContext = newClientContext(now());
    dispatch({ type: 'sendStarted', threadId, item: optimisticItem({ item_type: itemType, user_id: viewerId(), client_context: clientContext, ...preview }, now()) });
    try {
      const channel = store.channel();
      if (!channel) throw new ChannelSendError(MQTT_NOT_INSTANTIATED);
      const payload = await channel.send({ thread_id: threadId, item_type: itemType, client_context: clientContext, ...fields });
      dispatch({ type: 'sendConfirmed', threadId, clientContext, itemId: payload.item_id, timestamp: payload.timestamp });
      return true;
    } catch (error) {
      dispatch({ type: 'sendFailed', threadId, clientContext });
      store.notify('send', error);
      return false;
    }
  }

  /** Shows at once, and is put back as it was when the service refuses it. */
  async function optimistic(kind: Parameters<DirectStore['notify']>[0], apply: () => void, undo: () => void, request: () => Promise<unknown>) {
    apply();
    try {
      const answer = await request();
      // Thread changes answer with the thread as it now is: the service's word over the guess.
      const thread = (answer as { thread?: DirectThreadResult } | null)?.thread;
      if (thread && typeof thread === 'object' && thread.thread_id) dispatch({ type: 'threadLoaded', thread, older: false });
      return true;
    } catch (error) {
      undo();
      store.notify(kind, error);
      return false;
    }
  }

  const change = (threadId: string, changes: Partial<Omit<ThreadState, 'items' | 'thread_id'>>) => dispatch({ type: 'threadChanged', threadId, changes });

  return {
    sendText: (threadId: string, text: string) => sendOverChannel(threadId, 'text', { text }, { text }),
    sendLike: (threadId: string) => sendOverChannel(threadId, 'like', {}),
    sendMediaShare: (threadId: string, mediaId: string, preview: DirectItemResult['media_share']) => sendOverChannel(threadId, 'media_share', { media_id: mediaId }, { media_share: preview }),

    typing(threadId: string, active: boolean) {
      store.channel()?.typing(threadId, active, newClientContext(now())).catch(() => undefined);
    },

    /** A photo: uploaded with its progress shown, then made a message (R-002-direct-api-7, R-002-direct-26). */
    async sendPhoto(threadId: string, file: File) {
      const clientContext = newClientContext(now());
      const url = URL.createObjectURL(file);
      const { width, height } = await imageSize(url);
      const media = { media_type: 1 as const, image_versions2: { candidates: [{ url, width, height }] }, original_width: width, original_height: height };
      dispatch({ type: 'sendStarted', threadId, item: optimisticItem({ item_type: 'media', user_id: viewerId(), client_context: clientContext, media }, now(), { state: 'uploading', progress: 0 }) });
      try {
        const uploadId = await api.uploadPhoto(threadId, file, (progress) => dispatch({ type: 'sendProgress', threadId, clientContext, progress }));
        const { item } = await api.configurePhoto(threadId, uploadId, clientContext);
        dispatch({ type: 'sendConfirmed', threadId, clientContext, itemId: item.item_id, timestamp: item.timestamp });
        dispatch({ type: 'itemArrived', threadId, item });
        // The service's copy has taken the local one's place by now.
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch (error) {
        dispatch({ type: 'sendFailed', threadId, clientContext });
        URL.revokeObjectURL(url);
        store.notify('photo', error);
      }
    },

    /** Unsend: gone at once, back where it was if the service refuses (R-002-direct-28). */
    unsend: (threadId: string, item: ThreadItem) =>
      optimistic(
        'delete',
        () => dispatch({ type: 'itemRemoved', threadId, itemId: item.item_id }),
        () => dispatch({ type: 'itemRestored', threadId, item }),
        () => api.deleteItem(threadId, item.item_id),
      ),

    /** A heart on a message, added or taken away at once (R-002-direct-14). */
    setLiked: (threadId: string, itemId: string, liked: boolean) =>
      optimistic(
        'react',
        () => dispatch({ type: 'reaction', threadId, itemId, liked, now: now() }),
        () => dispatch({ type: 'reaction', threadId, itemId, liked: !liked, now: now() }),
        () => api.setItemLiked(threadId, itemId, liked),
      ),

    /** The newest item, once the viewer has the thread in front of them and has not seen it yet. */
    markSeen(threadId: string) {
      const current = thread(threadId);
      const id = viewerId();
      const newest = current?.items.find((item) => !item.send);
      if (!current || !newest || current.pending || isThreadSeen(current, id)) return;
      dispatch({ type: 'seen', threadId, itemId: newest.item_id, timestamp: newest.timestamp });
      // The service's count follows on the channel; a muted thread never counted.
      if (!current.muted) dispatch({ type: 'badge', count: getState().badgeCount - 1 });
      api.markItemSeen(threadId, newest.item_id).catch((error: unknown) => store.notify('seen', error));
    },

    /** R-002-direct-11: the request becomes an inbox thread. */
    async approve(threadId: string) {
      try {
        await api.approveThreads([threadId]);
        dispatch({ type: 'approved', threadIds: [threadId] });
        return true;
      } catch (error) {
        store.notify('approve', error);
        return false;
      }
    },

    /** R-002-direct-12: the request is gone (its page then shows the requests). */
    async decline(threadId: string) {
      try {
        await api.declineThreads([threadId]);
        dispatch({ type: 'threadRemoved', threadId, reason: 'declined' });
        return true;
      } catch (error) {
        store.notify('decline', error);
        return false;
      }
    },

    async approveAll() {
      try {
        await api.approveAll();
        dispatch({ type: 'approved', threadIds: Object.values(getState().threads).filter((held) => held.pending).map((held) => held.thread_id) });
        await store.loadRequests();
        return true;
      } catch (error) {
        store.notify('approve', error);
        return false;
      }
    },

    /** R-002-direct-13: every request declined (the caller then shows the inbox). */
    async declineAll() {
      try {
        await api.declineAll();
        for (const held of Object.values(getState().threads)) if (held.pending) dispatch({ type: 'threadRemoved', threadId: held.thread_id, reason: 'removed' });
        await store.loadRequests();
        return true;
      } catch (error) {
        store.notify('decline', error);
        return false;
      }
    },

    /** A thread with these people (the existing one for one person); resolves with its id. */
    async createThread(userIds: string[]): Promise<string | null> {
      try {
        const answer = await api.createGroupThread(userIds);
        if (answer.thread) dispatch({ type: 'threadLoaded', thread: answer.thread, older: false });
        return answer.thread_id;
      } catch (error) {
        store.notify('create', error);
        return null;
      }
    },

    /** R-002-direct-27: the new title shows at once; a refusal puts the old one back. */
    rename(threadId: string, title: string) {
      const before = thread(threadId);
      if (!before) return Promise.resolve(false);
      return optimistic(
        'rename',
        () => change(threadId, { thread_title: title, named: true }),
        () => change(threadId, { thread_title: before.thread_title, named: before.named }),
        () => api.updateTitle(threadId, title),
      );
    },

    setMuted: (threadId: string, muted: boolean) =>
      optimistic(
        'update',
        () => change(threadId, { muted }),
        () => change(threadId, { muted: !muted }),
        () => api.threadCommand(threadId, muted ? 'mute' : 'unmute'),
      ),

    setApprovalRequired: (threadId: string, required: boolean) =>
      optimistic(
        'update',
        () => change(threadId, { approval_required_for_new_members: required }),
        () => change(threadId, { approval_required_for_new_members: !required }),
        () => api.setApprovalRequired(threadId, required),
      ),

    /** Make admin, remove as admin, remove from the group (R-002-direct-20). */
    admin(threadId: string, command: AdminCommand, userId: string) {
      const before = thread(threadId);
      if (!before) return Promise.resolve(false);
      const after: Partial<ThreadState> =
        command === 'add_admins'
          ? { admin_user_ids: [...before.admin_user_ids.filter((id) => id !== userId), userId] }
          : command === 'remove_admins'
            ? { admin_user_ids: before.admin_user_ids.filter((id) => id !== userId) }
            : { users: before.users.filter((user) => user.pk !== userId), admin_user_ids: before.admin_user_ids.filter((id) => id !== userId) };
      return optimistic(
        'update',
        () => change(threadId, after),
        () => change(threadId, { users: before.users, admin_user_ids: before.admin_user_ids }),
        () => api.adminCommand(threadId, command, [userId]),
      );
    },

    async addUsers(threadId: string, userIds: string[]) {
      try {
        const answer = await api.addUsers(threadId, userIds);
        dispatch({ type: 'threadLoaded', thread: answer.thread ?? (await api.fetchThread(threadId)), older: false });
        return true;
      } catch (error) {
        store.notify('update', error);
        return false;
      }
    },

    /** Leave a group, or hide a thread: it leaves the inbox (and its page goes there: R-002-direct-19). */
    async remove(threadId: string, command: 'leave' | 'hide') {
      try {
        await api.threadCommand(threadId, command);
        dispatch({ type: 'threadRemoved', threadId, reason: 'removed' });
        return true;
      } catch (error) {
        store.notify('remove', error);
        return false;
      }
    },
  };
}
