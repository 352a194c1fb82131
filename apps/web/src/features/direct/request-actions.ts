import type { DirectStore } from './direct-store';

/** Message requests: approved or declined, one by one or all at once. */
export function requestActions(store: DirectStore) {
  const { dispatch, getState, api } = store;
  return {
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
  };
}
