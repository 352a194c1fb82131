import type { DirectStore } from './direct-store';
import type { ThreadState } from './direct-types';
import { optimisticChange } from './optimistic-change';
import { isThreadSeen } from './seen';
import type { ThreadItem } from './thread-items';
import type { AdminCommand } from '../../state/queries/direct';

/** What the viewer does to messages (unsend, like, seen) and to threads and groups. */
export function threadActions(store: DirectStore) {
  const { dispatch, getState, api, now } = store;
  const viewerId = () => getState().viewerId ?? '';
  const thread = (threadId: string): ThreadState | undefined => getState().threads[threadId];
  const optimistic = (...args: [Parameters<DirectStore['notify']>[0], () => void, () => void, () => Promise<unknown>]) => optimisticChange(store, ...args);
  const change = (threadId: string, changes: Partial<Omit<ThreadState, 'items' | 'thread_id'>>) => dispatch({ type: 'threadChanged', threadId, changes });

  return {
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
