import type { DirectInboxResult } from '@shutter/contract';
import type { StoreCore } from './store-core';

/** The threads held beyond the inbox's first page: loaded once each, kept current while open. */
export function createThreadCache({ deps, getState, dispatch, notify }: StoreCore) {
  const loadingThreads = new Map<string, Promise<void>>();
  /** Threads whose page is open (by how many hold them). */
  const openThreads = new Map<string, number>();

  /** A thread the client does not hold (opened by its address, or named by an event). */
  function loadThread(threadId: string): Promise<void> {
    const running = loadingThreads.get(threadId);
    if (running) return running;
    const load = deps.api
      .fetchThread(threadId)
      .then((thread) => dispatch({ type: 'threadLoaded', thread, older: false }))
      .finally(() => loadingThreads.delete(threadId));
    loadingThreads.set(threadId, load);
    return load;
  }

  return {
    loadThread,

    /** Threads an event named that the client does not hold. */
    loadUnknown() {
      const state = getState();
      if (state.unknownThreadIds.length > 0) {
        const ids = state.unknownThreadIds;
        dispatch({ type: 'unknownThreadsTaken' });
        for (const id of ids) loadThread(id).catch((error: unknown) => deps.log('direct: thread not loaded', error));
      }
    },

    /**
     * The snapshot holds the inbox's first page only, and events up to its sequence id are dropped
     * as told by it. A thread open beyond it (a message request above all) would miss what came
     * before the channel listened (a page just opened, a connection back), so it loads again, and
     * then goes on live, as the inbox does.
     */
    refreshOpen(answer: DirectInboxResult) {
      const inSnapshot = new Set(answer.inbox.threads.map((thread) => thread.thread_id));
      for (const threadId of openThreads.keys()) {
        const loading = loadingThreads.get(threadId);
        if (inSnapshot.has(threadId) || (!getState().threads[threadId] && !loading)) continue;
        // A first load on its way may have been read before the channel listened: this one comes after it.
        void (loading ?? Promise.resolve())
          .catch(() => undefined)
          .then(async () => {
            if (!getState().threads[threadId]) return;
            const thread = await deps.api.fetchThread(threadId);
            // Unless it went meanwhile (declined, left): a fresh copy must not bring it back.
            if (getState().threads[threadId]) dispatch({ type: 'threadLoaded', thread, older: false });
          })
          .catch((error: unknown) => deps.log('direct: open thread not reloaded', error));
      }
    },

    /** A thread's page is open: held up to date across snapshots (see refreshOpen). */
    openThread(threadId: string) {
      openThreads.set(threadId, (openThreads.get(threadId) ?? 0) + 1);
      return () => {
        const left = (openThreads.get(threadId) ?? 1) - 1;
        if (left > 0) openThreads.set(threadId, left);
        else openThreads.delete(threadId);
      };
    },

    async loadOlderItems(threadId: string) {
      const thread = getState().threads[threadId];
      if (!thread || !thread.has_older || !thread.oldest_cursor || thread.loadingOlder) return;
      dispatch({ type: 'olderItemsRequested', threadId });
      try {
        dispatch({ type: 'threadLoaded', thread: await deps.api.fetchThread(threadId, thread.oldest_cursor), older: true });
      } catch (error) {
        dispatch({ type: 'olderItemsFailed', threadId });
        notify('threadLoad', error);
      }
    },
  };
}
