import { MQTT_PATH, TOPIC_BADGE_COUNT, type DirectInboxResult, type SubscriptionType, type SyncEvent } from '@shutter/contract';
import * as api from './direct-api';
import { channelUrl, createChannel, type Channel, type ChannelListener } from './channel';
import { directReducer, initialDirectState, type DirectAction } from './direct-state';
import type { DirectState } from './direct-types';
import { integerValue } from './patch-path';
import { classifySyncEvent, unknownOps } from './sync-apply';

/**
 * The tab's Direct state and its one channel, shared by the inbox, the thread, the requests and the
 * navigation's badge. Screens read it with useDirect (use-direct.ts) and act through its actions
 * (direct-actions.ts); what they cannot do without the service's answer goes through here.
 */

export type DirectErrorKind = 'send' | 'photo' | 'inboxLoad' | 'threadLoad' | 'approve' | 'decline' | 'create' | 'delete' | 'remove' | 'rename' | 'seen' | 'react' | 'update';
export type Notify = (kind: DirectErrorKind, error: unknown, retry?: () => void) => void;

export interface StoreDeps {
  api: typeof api;
  makeChannel: (listener: ChannelListener) => Channel;
  now: () => number;
  /** R-002-direct-22: the page reloads when the inbox is another viewer's. */
  reload: () => void;
  log: (message: string, detail?: unknown) => void;
  /** How long the badge-only stream waits after the last direct page closes (the next may open at once). */
  leaveDelayMs: number;
}

export function browserDeps(): StoreDeps {
  return {
    api,
    makeChannel: (listener) => createChannel({ url: channelUrl(window.location, MQTT_PATH), listener }),
    now: () => Date.now(),
    reload: () => window.location.reload(),
    log: (message, detail) => console.warn(message, detail),
    leaveDelayMs: 1_000,
  };
}

export type DirectStore = ReturnType<typeof createDirectStore>;

export function createDirectStore(deps: StoreDeps) {
  let state: DirectState = initialDirectState;
  const listeners = new Set<() => void>();
  let channel: Channel | null = null;
  let holders = 0;
  let pages = 0;
  let leaveTimer: ReturnType<typeof setTimeout> | null = null;
  let inboxLoad: Promise<void> | null = null;
  let restarting = false;
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const loadingThreads = new Map<string, Promise<void>>();
  /** Threads whose page is open, and how many requests lists are on screen (by how many hold them). */
  const openThreads = new Map<string, number>();
  let requestsOnScreen = 0;
  /** A first page of the requests asked for while one loads: it loads again once that one is in. */
  let requestsAgain = false;
  let notify: Notify = () => undefined;

  const getState = () => state;

  function dispatch(action: DirectAction) {
    const next = directReducer(state, action);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
    afterChange();
  }

  /** What a change asks for beyond itself: a reload, threads to load, typing to end on time. */
  function afterChange() {
    if (state.needsSnapshot && !state.syncing && !restarting) {
      // R-002-direct-realtime-2: reconnect, and the new connection reloads the snapshot (loaded
      // before it, the snapshot could miss what is published while the channel comes back).
      if (channel && state.realtime.mqttConnectivity === 'connected') {
        restarting = true;
        channel.stop();
        channel.start();
      } else void reloadInbox();
    }
    if (state.unknownThreadIds.length > 0) {
      const ids = state.unknownThreadIds;
      dispatch({ type: 'unknownThreadsTaken' });
      for (const id of ids) loadThread(id).catch((error: unknown) => deps.log('direct: thread not loaded', error));
    }
    for (const [threadId, senders] of Object.entries(state.typing)) {
      for (const [senderId, entry] of Object.entries(senders)) {
        const key = `${threadId}:${senderId}:${entry.expiresAt}`;
        if (typingTimers.has(key)) continue;
        typingTimers.set(
          key,
          setTimeout(() => {
            typingTimers.delete(key);
            dispatch({ type: 'typingExpired', threadId, senderId, now: deps.now() });
          }, Math.max(0, entry.expiresAt - deps.now())),
        );
      }
    }
  }

  function onEvent(event: SyncEvent, topic: string) {
    if (topic === TOPIC_BADGE_COUNT) {
      if (event.event === 'snapshot') {
        void loadBadge();
        return;
      }
      const op = event.event === 'patch' && Array.isArray(event.data) ? event.data.find((change) => change?.path === '/direct_v2/inbox/unseen_count') : undefined;
      const count = integerValue(op?.value);
      const seq = event.seq_id === undefined ? undefined : (integerValue(event.seq_id) ?? undefined);
      if (count !== null) dispatch({ type: 'badge', count, seqId: seq });
      return;
    }
    const verdict = classifySyncEvent(state, event);
    // R-002-direct-realtime-3 and -5: logged, then left alone.
    if (verdict === 'stale') deps.log('direct: lowered sequence id ignored', { seq_id: event.seq_id, state: state.seqId });
    if (verdict === 'invalid') deps.log('direct: malformed event ignored', event);
    for (const op of unknownOps(event)) deps.log('direct: delta path ignored', op?.path);
    dispatch({ type: 'sync', event, now: deps.now() });
  }

  const listener: ChannelListener = {
    onEvent,
    onConnectivity: (value) => dispatch({ type: 'connectivity', value }),
    onConnected: () => {
      restarting = false;
      if (pages > 0 || state.needsSnapshot) void reloadInbox();
      else void loadBadge();
    },
  };

  function setSubscription(type: SubscriptionType) {
    if (state.realtime.subscriptionType === type) return;
    dispatch({ type: 'subscription', value: type });
    channel?.setSubscription(type);
    if (type === 'message') void reloadInbox();
  }

  /** The inbox snapshot (R-002-direct-api-1); one load at a time, events meanwhile wait for it. */
  function reloadInbox(): Promise<void> {
    if (inboxLoad) return inboxLoad;
    dispatch({ type: 'inboxRequested' });
    inboxLoad = deps.api
      .fetchInbox()
      .then(
        (answer) => {
          if (state.viewerId && answer.viewer.id !== state.viewerId) {
            deps.reload();
            return;
          }
          dispatch({ type: 'inboxLoaded', answer, now: deps.now() });
          refreshBeyond(answer);
        },
        (error: unknown) => {
          dispatch({ type: 'inboxFailed' });
          // R-002-direct-25: its toast offers to load it again.
          notify('inboxLoad', error, () => void reloadInbox());
        },
      )
      .finally(() => {
        inboxLoad = null;
        if (state.needsSnapshot) afterChange();
      });
    return inboxLoad;
  }

  /**
   * The snapshot holds the inbox's first page only, and events up to its sequence id are dropped
   * as told by it. A thread open beyond it (a message request above all) would miss what came
   * before the channel listened (a page just opened, a connection back), so it loads again, and so
   * does the requests list on screen: both then go on live, as the inbox does.
   */
  function refreshBeyond(answer: DirectInboxResult) {
    const inSnapshot = new Set(answer.inbox.threads.map((thread) => thread.thread_id));
    for (const threadId of openThreads.keys()) {
      const loading = loadingThreads.get(threadId);
      if (inSnapshot.has(threadId) || (!state.threads[threadId] && !loading)) continue;
      // A first load on its way may have been read before the channel listened: this one comes after it.
      void (loading ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => {
          if (!state.threads[threadId]) return;
          const thread = await deps.api.fetchThread(threadId);
          // Unless it went meanwhile (declined, left): a fresh copy must not bring it back.
          if (state.threads[threadId]) dispatch({ type: 'threadLoaded', thread, older: false });
        })
        .catch((error: unknown) => deps.log('direct: open thread not reloaded', error));
    }
    if (requestsOnScreen > 0) void loadRequests();
  }

  async function loadRequests(older = false) {
    const { oldestCursor, isLoading } = state.requests;
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

  async function loadBadge() {
    try {
      const answer = await deps.api.fetchBadgeCount();
      dispatch({ type: 'badge', count: answer.badge_count, seqId: answer.seq_id });
    } catch (error) {
      // The badge is a hint: without it the navigation shows none.
      deps.log('direct: badge count not loaded', error);
    }
  }

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
    getState,
    dispatch,
    subscribe(callback: () => void) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    setNotifier(next: Notify) {
      notify = next;
      return () => {
        if (notify === next) notify = () => undefined;
      };
    },
    notify: (...args: Parameters<Notify>) => notify(...args),
    channel: () => channel,
    now: deps.now,
    api: deps.api,

    /** The viewer is logged in: the channel opens (once per tab) and the badge loads. */
    retain(viewerId: string) {
      dispatch({ type: 'viewer', viewerId });
      holders += 1;
      if (!channel) {
        restarting = false;
        channel = deps.makeChannel(listener);
        const type = pages > 0 ? 'message' : 'badge_count_only';
        channel.setSubscription(type);
        if (state.realtime.subscriptionType !== type) dispatch({ type: 'subscription', value: type });
        channel.start();
        void loadBadge();
      }
      return () => {
        holders -= 1;
        if (holders > 0 || !channel) return;
        channel.stop();
        channel = null;
      };
    },

    /** A direct page is open: the full message stream (R-002-direct-realtime-1); else the badge only. */
    enterDirect() {
      pages += 1;
      if (leaveTimer) clearTimeout(leaveTimer);
      leaveTimer = null;
      setSubscription('message');
      if (!state.inboxLoaded && !inboxLoad) void reloadInbox();
      return () => {
        pages -= 1;
        if (pages > 0) return;
        leaveTimer = setTimeout(() => {
          leaveTimer = null;
          if (pages === 0) setSubscription('badge_count_only');
        }, deps.leaveDelayMs);
      };
    },

    reloadInbox,
    loadThread,

    async loadOlderInbox() {
      const { oldestCursor, hasOlder, isLoading } = state.inbox;
      if (!hasOlder || isLoading || !oldestCursor) return;
      dispatch({ type: 'olderInboxRequested' });
      try {
        dispatch({ type: 'olderInboxLoaded', answer: await deps.api.fetchInbox(oldestCursor) });
      } catch (error) {
        dispatch({ type: 'olderInboxFailed' });
        notify('inboxLoad', error);
      }
    },

    loadRequests,

    /** A thread's page is open: held up to date across snapshots (see refreshBeyond). */
    openThread(threadId: string) {
      openThreads.set(threadId, (openThreads.get(threadId) ?? 0) + 1);
      return () => {
        const left = (openThreads.get(threadId) ?? 1) - 1;
        if (left > 0) openThreads.set(threadId, left);
        else openThreads.delete(threadId);
      };
    },

    /** The requests list is on screen: its first page loads now, and again after each snapshot. */
    openRequests() {
      requestsOnScreen += 1;
      void loadRequests();
      return () => {
        requestsOnScreen -= 1;
      };
    },

    async loadOlderItems(threadId: string) {
      const thread = state.threads[threadId];
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
