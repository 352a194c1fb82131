import type { StoreCore } from './store-core';

/** The message requests list: its pages, and its first page again after each snapshot while on screen. */
export function createRequestsList({ deps, getState, dispatch, notify }: StoreCore) {
  /** How many requests lists are on screen. */
  let requestsOnScreen = 0;
  /** A first page of the requests asked for while one loads: it loads again once that one is in. */
  let requestsAgain = false;

  async function loadRequests(older = false) {
    const { oldestCursor, isLoading } = getState().requests;
    if (isLoading) {
      // The page loading may be older than what asks for it now (a snapshot just in).
      if (!older) requestsAgain = true;
      return;
    }
    if (older && !oldestCursor) return;
    dispatch({ type: 'requestsRequested' });
    try {
      dispatch({ type: 'requestsLoaded', answer: await deps.api.fetchPendingInbox(older ? oldestCursor : null), older });
    } catch (error) {
      dispatch({ type: 'requestsFailed' });
      notify('inboxLoad', error);
    }
    if (requestsAgain) {
      requestsAgain = false;
      await loadRequests();
    }
  }

  return {
    loadRequests,

    /** After a snapshot, the list on screen loads again and goes on live, as the inbox does. */
    refreshOnScreen() {
      if (requestsOnScreen > 0) void loadRequests();
    },

    /** The requests list is on screen: its first page loads now, and again after each snapshot. */
    openRequests() {
      requestsOnScreen += 1;
      void loadRequests();
      return () => {
        requestsOnScreen -= 1;
      };
    },
  };
}
