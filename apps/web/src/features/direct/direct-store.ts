import { createDirectSync } from './direct-sync';
import type { Channel } from './channel';
import { createRequestsList } from './requests-list';
import { browserDeps, createStoreCore, type StoreDeps } from './store-core';
import { createThreadCache } from './thread-cache';
import { createTypingTimers } from './typing-timers';

/**
 * The tab's Direct state and its one channel, shared by the inbox, the thread, the requests and the
 * navigation's badge. Screens read it with useDirect (use-direct.ts) and act through its actions
 * (direct-actions.ts); what they cannot do without the service's answer goes through here.
 */

export type { DirectErrorKind, StoreDeps } from './store-core';

export type DirectStore = ReturnType<typeof createDirectStore>;

export function createDirectStore(deps: StoreDeps) {
  const core = createStoreCore(deps);
  const threads = createThreadCache(core);
  const requests = createRequestsList(core);
  const sync = createDirectSync(core, {
    afterSnapshot: (answer) => {
      threads.refreshOpen(answer);
      requests.refreshOnScreen();
    },
  });
  const typing = createTypingTimers(core);
  // What a change asks for beyond itself: a new snapshot, threads to load, typing to end on time.
  core.setAfterChange(() => {
    sync.resyncIfNeeded();
    threads.loadUnknown();
    typing.schedule();
  });

  return {
    getState: core.getState,
    dispatch: core.dispatch,
    subscribe: core.subscribe,
    setNotifier: core.setNotifier,
    notify: core.notify,
    channel: sync.channel,
    now: deps.now,
    api: deps.api,
    retain: sync.retain,
    enterDirect: sync.enterDirect,
    reloadInbox: sync.reloadInbox,
    loadThread: threads.loadThread,
    loadOlderInbox: sync.loadOlderInbox,
    loadRequests: requests.loadRequests,
    openThread: threads.openThread,
    openRequests: requests.openRequests,
    loadOlderItems: threads.loadOlderItems,
  };
}

let shared: DirectStore | null = null;

/** The tab's store (made on first use in the browser; a render ahead of the browser only reads its empty state). */
export function directStore(): DirectStore {
  if (!shared) shared = createDirectStore(typeof window === 'undefined' ? { ...browserDeps(), makeChannel: () => inertChannel } : browserDeps());
  return shared;
}

const inertChannel: Channel = {
  start: () => undefined,
  stop: () => undefined,
  setSubscription: () => undefined,
  send: () => Promise.reject(new Error('MQTT is not instantiated')),
  typing: () => Promise.reject(new Error('MQTT is not instantiated')),
};
