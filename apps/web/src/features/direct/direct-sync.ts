import { TOPIC_BADGE_COUNT, type DirectInboxResult, type SubscriptionType, type SyncEvent } from '@shutter/contract';
import type { Channel, ChannelListener } from './channel';
import { integerValue } from './patch-path';
import type { StoreCore } from './store-core';
import { classifySyncEvent, unknownOps } from './sync-apply';

interface SyncHooks {
  /** A snapshot is in: what it does not hold (open threads beyond it, the requests) loads again. */
  afterSnapshot: (answer: DirectInboxResult) => void;
}

/**
 * The tab's one channel and the inbox it keeps in step: the snapshot, the events after it, the
 * badge, and which stream the channel listens to (the messages while a direct page is open).
 */
export function createDirectSync({ deps, getState, dispatch, notify, afterChange }: StoreCore, { afterSnapshot }: SyncHooks) {
  let channel: Channel | null = null;
  let holders = 0;
  let pages = 0;
  let leaveTimer: ReturnType<typeof setTimeout> | null = null;
  let inboxLoad: Promise<void> | null = null;
  let restarting = false;
  // The highest sequence number the channel told of. A reload asks for an inbox at least that new:
  // one kept by an instance the change has not reached yet is then built anew.
  let toldSeq: number | null = null;

  function onEvent(event: SyncEvent, topic: string) {
    const told = integerValue(event?.seq_id);
    if (told !== null && told >= 0 && (toldSeq === null || told > toldSeq)) toldSeq = told;
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
    const verdict = classifySyncEvent(getState(), event);
    // R-002-direct-realtime-3 and -5: logged, then left alone.
    if (verdict === 'stale') deps.log('direct: lowered sequence id ignored', { seq_id: event.seq_id, state: getState().seqId });
    if (verdict === 'invalid') deps.log('direct: malformed event ignored', event);
    for (const op of unknownOps(event)) deps.log('direct: delta path ignored', op?.path);
    dispatch({ type: 'sync', event, now: deps.now() });
  }

  const listener: ChannelListener = {
    onEvent,
    onConnectivity: (value) => dispatch({ type: 'connectivity', value }),
    onConnected: () => {
      restarting = false;
      if (pages > 0 || getState().needsSnapshot) void reloadInbox();
      else void loadBadge();
    },
  };

  function setSubscription(type: SubscriptionType) {
    if (getState().realtime.subscriptionType === type) return;
    dispatch({ type: 'subscription', value: type });
    channel?.setSubscription(type);
    if (type === 'message') void reloadInbox();
  }

  /** The inbox snapshot (R-002-direct-api-1); one load at a time, events meanwhile wait for it. */
  function reloadInbox(): Promise<void> {
    if (inboxLoad) return inboxLoad;
    dispatch({ type: 'inboxRequested' });
    inboxLoad = deps.api
      .fetchInbox(null, toldSeq)
      .then(
        (answer) => {
          const { viewerId } = getState();
          if (viewerId && answer.viewer.id !== viewerId) {
            deps.reload();
            return;
          }
          dispatch({ type: 'inboxLoaded', answer, now: deps.now() });
          afterSnapshot(answer);
        },
        (error: unknown) => {
          dispatch({ type: 'inboxFailed' });
          // R-002-direct-25: its toast offers to load it again.
          notify('inboxLoad', error, () => void reloadInbox());
        },
      )
      .finally(() => {
        inboxLoad = null;
        if (getState().needsSnapshot) afterChange();
      });
    return inboxLoad;
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

  return {
    channel: () => channel,
    reloadInbox,

    /** A change that asks for a new snapshot gets one. */
    resyncIfNeeded() {
      const state = getState();
      if (state.needsSnapshot && !state.syncing && !restarting) {
        // R-002-direct-realtime-2: reconnect, and the new connection reloads the snapshot (loaded
        // before it, the snapshot could miss what is published while the channel comes back).
        if (channel && state.realtime.mqttConnectivity === 'connected') {
          restarting = true;
          channel.stop();
          channel.start();
        } else void reloadInbox();
      }
    },

    /** The viewer is logged in: the channel opens (once per tab) and the badge loads. */
    retain(viewerId: string) {
      if (getState().viewerId !== viewerId) toldSeq = null;
      dispatch({ type: 'viewer', viewerId });
      holders += 1;
      if (!channel) {
        restarting = false;
        channel = deps.makeChannel(listener);
        const type = pages > 0 ? 'message' : 'badge_count_only';
        channel.setSubscription(type);
        if (getState().realtime.subscriptionType !== type) dispatch({ type: 'subscription', value: type });
        // Away from Direct the badge comes with the page and the live stream once the first screen
        // is done (its client is a large chunk); the stream's first answer loads the badge again.
        const opened = channel;
        if (pages > 0 || !deps.whenIdle) opened.start();
        else deps.whenIdle(() => { if (channel === opened) opened.start(); });
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
      // A direct page needs the stream now, though the idle moment it waited for has not come.
      channel?.start();
      if (leaveTimer) clearTimeout(leaveTimer);
      leaveTimer = null;
      setSubscription('message');
      if (!getState().inboxLoaded && !inboxLoad) void reloadInbox();
      return () => {
        pages -= 1;
        if (pages > 0) return;
        leaveTimer = setTimeout(() => {
          leaveTimer = null;
          if (pages === 0) setSubscription('badge_count_only');
        }, deps.leaveDelayMs);
      };
    },

    async loadOlderInbox() {
      const { oldestCursor, hasOlder, isLoading } = getState().inbox;
      if (!hasOlder || isLoading || !oldestCursor) return;
      dispatch({ type: 'olderInboxRequested' });
      try {
        dispatch({ type: 'olderInboxLoaded', answer: await deps.api.fetchInbox(oldestCursor) });
      } catch (error) {
        dispatch({ type: 'olderInboxFailed' });
        notify('inboxLoad', error);
      }
    },
  };
}
