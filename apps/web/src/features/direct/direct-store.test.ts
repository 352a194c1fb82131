import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { directPaths, TOPIC_BADGE_COUNT, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE } from '@shutter/contract';
import { ApiError } from '../../lib/api';
import type * as api from '../../state/queries/direct';
import { createChannel } from './channel';
import { directActions } from './direct-actions';
import { createDirectStore, type StoreDeps } from './direct-store';
import { fakeConnect } from './fake-mqtt';
import { ALICE, BOB, alice, inbox, item, thread, user } from './test-fixtures';

type Api = typeof api;

function fakeApi(overrides: Partial<Record<keyof Api, unknown>> = {}): Api {
  const fail = (name: string) => () => Promise.reject(new Error(`${name} not expected`));
  const base: Record<string, unknown> = {};
  for (const name of ['fetchInbox', 'fetchPendingInbox', 'fetchThread', 'fetchBadgeCount', 'fetchRankedRecipients', 'approveThreads', 'declineThreads', 'approveAll', 'declineAll', 'markItemSeen', 'deleteItem', 'setItemLiked', 'createGroupThread', 'addUsers', 'updateTitle', 'threadCommand', 'adminCommand', 'setApprovalRequired', 'uploadPhoto', 'configurePhoto']) {
    base[name] = vi.fn(fail(name));
  }
  base.fetchBadgeCount = vi.fn(() => Promise.resolve({ badge_count: 2, seq_id: 1 }));
  base.fetchInbox = vi.fn(() => Promise.resolve(inbox([thread('1')], 10)));
  for (const [name, fn] of Object.entries(overrides)) base[name] = vi.fn(fn as () => unknown);
  return base as unknown as Api;
}

function setup(overrides: Partial<Record<keyof Api, unknown>> = {}) {
  const broker = fakeConnect();
  const notify = vi.fn();
  const deps: StoreDeps = {
    api: fakeApi(overrides),
    makeChannel: (listener) => createChannel({ url: 'ws://test/mqtt', connect: broker.connect, listener, sendTimeoutMs: 5_000, log: () => undefined }),
    now: () => Date.now(),
    reload: vi.fn(),
    log: vi.fn(),
    leaveDelayMs: 1_000,
  };
  const store = createDirectStore(deps);
  store.setNotifier(notify);
  return { store, deps, broker, notify, actions: directActions(store) };
}

/** Logged in, on a direct page, connected: the state a thread's page has. */
async function open(overrides: Partial<Record<keyof Api, unknown>> = {}) {
  const context = setup(overrides);
  context.store.retain(ALICE);
  context.store.enterDirect();
  await vi.advanceTimersByTimeAsync(0);
  context.broker.latest().connectNow();
  await vi.advanceTimersByTimeAsync(0);
  return context;
}

const answerSend = (context: Awaited<ReturnType<typeof open>>, itemId: string, status: 'ok' | 'fail' = 'ok') => {
  const sent = context.broker.latest().lastSent();
  context.broker.latest().deliver(
    TOPIC_SEND_MESSAGE_RESPONSE,
    status === 'ok' ? { client_context: sent.client_context, status, payload: { thread_id: sent.thread_id, item_id: itemId, timestamp: 50_000 } } : { client_context: sent.client_context, status, message: 'refused' },
  );
};

describe('the direct store', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 40_000 }));
  afterEach(() => vi.useRealTimers());

  it('R-002-direct-22: an inbox of another viewer reloads the page', async () => {
    const { store, deps } = await open({ fetchInbox: () => Promise.resolve({ ...inbox([thread('1')]), viewer: user('999', 'mallory') }) });
    expect(deps.reload).toHaveBeenCalled();
    expect(store.getState().inboxLoaded).toBe(false);
  });

  it('R-002-direct-25: a failed inbox load tells so with Retry, which loads it again', async () => {
    let calls = 0;
    const { store, notify } = setup({ fetchInbox: () => (++calls === 1 ? Promise.reject(new ApiError(500, null, 'down')) : Promise.resolve(inbox([thread('1')]))) });
    store.retain(ALICE);
    store.enterDirect();
    await vi.advanceTimersByTimeAsync(0);
    expect(notify).toHaveBeenCalledWith('inboxLoad', expect.any(ApiError), expect.any(Function));
    expect(store.getState().inbox.failed).toBe(true);
    (notify.mock.calls[0][2] as () => void)();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().inboxLoaded).toBe(true);
    expect(store.getState().threads['1']).toBeDefined();
  });

  it('R-002-direct-23: the inbox is asked for 20 threads with their 10 newest messages', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(inbox([])), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const { fetchInbox } = await import('../../state/queries/direct');
    await fetchInbox();
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/direct_v2/web/inbox/');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('thread_message_limit')).toBe('10');
    expect(url.searchParams.get('persistentBadging')).toBe('true');
    vi.unstubAllGlobals();
  });

  it('R-002-direct-realtime-1: the message stream while a direct page is open, the badge only after', async () => {
    const { store, broker } = setup();
    store.retain(ALICE);
    await vi.advanceTimersByTimeAsync(0);
    broker.latest().connectNow();
    expect(broker.latest().subscribed.has(TOPIC_BADGE_COUNT)).toBe(true);
    expect(store.getState().badgeCount).toBe(2);
    const leave = store.enterDirect();
    expect(store.getState().realtime.subscriptionType).toBe('message');
    expect(broker.latest().subscribed.has(TOPIC_MESSAGE_SYNC)).toBe(true);
    leave();
    // The next direct page usually opens at once: the stream stays a moment.
    const again = store.enterDirect();
    again();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().realtime.subscriptionType).toBe('badge_count_only');
    expect(broker.latest().subscribed.has(TOPIC_MESSAGE_SYNC)).toBe(false);
  });

  it('the badge follows the badge stream', async () => {
    const { store, broker } = setup();
    store.retain(ALICE);
    await vi.advanceTimersByTimeAsync(0);
    broker.latest().connectNow();
    await vi.advanceTimersByTimeAsync(0);
    broker.latest().deliver(TOPIC_BADGE_COUNT, { event: 'patch', seq_id: 5, data: [{ op: 'replace', path: directPaths.unseenCount, value: 12 }] });
    expect(store.getState().badgeCount).toBe(12);
  });

  it('R-002-direct-realtime-2: a gap in the sequence reconnects, and the new connection reloads the inbox', async () => {
    const context = await open();
    expect(context.deps.api.fetchInbox).toHaveBeenCalledTimes(2);
    context.broker.latest().deliver(TOPIC_MESSAGE_SYNC, { event: 'patch', seq_id: 14, data: [] });
    expect(context.broker.clients[0].ended).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(context.deps.api.fetchInbox).toHaveBeenCalledTimes(2);
    expect(context.broker.clients).toHaveLength(2);
    context.broker.latest().connectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(context.deps.api.fetchInbox).toHaveBeenCalledTimes(3);
    expect(context.store.getState().needsSnapshot).toBe(false);
  });

  it('after a gap, the inbox is asked for at least as new as the highest sequence id the channel told of', async () => {
    const context = await open();
    const fetchInbox = vi.mocked(context.deps.api.fetchInbox);
    // The snapshot was at 10: an event at 14 means 11 to 13 were missed.
    context.broker.latest().deliver(TOPIC_MESSAGE_SYNC, { event: 'patch', seq_id: 14, data: [] });
    await vi.advanceTimersByTimeAsync(0);
    context.broker.latest().connectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchInbox).toHaveBeenCalledTimes(3);
    // An instance whose kept inbox is older than 14 builds it anew.
    expect(fetchInbox.mock.calls.at(-1)).toEqual([null, 14]);
    const { fetchInbox: realFetch } = await vi.importActual<typeof import('../../state/queries/direct')>('../../state/queries/direct');
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(inbox([])), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await realFetch(null, 14);
    expect(new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://x').searchParams.get('seq_id')).toBe('14');
    vi.unstubAllGlobals();
  });

  it('R-002-direct-realtime-3: a lowered sequence id is logged and ignored', async () => {
    const { store, broker, deps } = await open();
    const before = store.getState();
    broker.latest().deliver(TOPIC_MESSAGE_SYNC, { event: 'patch', seq_id: 9, data: [{ op: 'replace', path: directPaths.unseenCount, value: 30 }] });
    expect(deps.log).toHaveBeenCalledWith('direct: lowered sequence id ignored', { seq_id: 9, state: 10 });
    expect(store.getState()).toBe(before);
  });

  it('R-002-direct-18: typing shows, then stops by itself when its time-to-live runs out', async () => {
    const { store, broker } = await open();
    broker.latest().deliver(TOPIC_MESSAGE_SYNC, { event: 'patch', data: [{ op: 'add', path: directPaths.typing('1', '3'), value: { sender_id: BOB, activity_status: 1, ttl: 12_000, timestamp: 1 } }] });
    expect(store.getState().typing['1'][BOB]).toBeDefined();
    await vi.advanceTimersByTimeAsync(11_999);
    expect(store.getState().typing['1'][BOB]).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().typing['1'][BOB]).toBeUndefined();
  });

  it('an open request, which no inbox snapshot holds, loads again after one: what came while the channel was away shows', async () => {
    let told = [item('81', BOB, 45_000)];
    const requests = () => ({ inbox: { threads: [thread('8', { pending: true, items: told })], has_older: false, oldest_cursor: null, unseen_count: 0 }, seq_id: 10, pending_requests_total: 1, status: 'ok' });
    const context = await open({ fetchThread: () => Promise.resolve(thread('8', { pending: true, items: told })), fetchPendingInbox: () => Promise.resolve(requests()) });
    const leaveRequests = context.store.openRequests();
    const leaveThread = context.store.openThread('8');
    await context.store.loadThread('8');
    await vi.advanceTimersByTimeAsync(0);
    expect(context.deps.api.fetchPendingInbox).toHaveBeenCalledTimes(1);

    // The connection drops; Bob writes meanwhile; it comes back and the inbox (the accepted threads) reloads.
    context.broker.latest().closeNow();
    told = [item('82', BOB, 46_000), ...told];
    await vi.advanceTimersByTimeAsync(1_000);
    context.broker.latest().connectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(context.store.getState().threads['8'].items.map((i) => i.item_id)).toEqual(['82', '81']);
    expect(context.store.getState().threads['8'].pending).toBe(true);
    expect(context.deps.api.fetchThread).toHaveBeenCalledTimes(2);
    expect(context.deps.api.fetchPendingInbox).toHaveBeenCalledTimes(2);

    // Closed, neither loads again; a thread the snapshot holds never does.
    leaveThread();
    leaveRequests();
    const leaveInboxThread = context.store.openThread('1');
    await context.store.reloadInbox();
    await vi.advanceTimersByTimeAsync(0);
    expect(context.deps.api.fetchThread).toHaveBeenCalledTimes(2);
    expect(context.deps.api.fetchPendingInbox).toHaveBeenCalledTimes(2);
    leaveInboxThread();
  });

  it('a request declined while its fresh copy loads is not brought back by it', async () => {
    let answer: (value: unknown) => void = () => undefined;
    let calls = 0;
    const context = await open({
      fetchThread: () => (++calls === 1 ? Promise.resolve(thread('8', { pending: true })) : new Promise((resolve) => (answer = resolve))),
      declineThreads: () => Promise.resolve({ status: 'ok' }),
    });
    context.store.openThread('8');
    await context.store.loadThread('8');
    await context.store.reloadInbox();
    await context.actions.decline('8');
    answer(thread('8', { pending: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(context.store.getState().threads['8']).toBeUndefined();
    expect(context.store.getState().removed['8']).toBe('declined');
  });

  it('loads a thread an event names that it does not hold', async () => {
    const { store, broker } = await open({ fetchThread: () => Promise.resolve(thread('8', { items: [item('81', BOB, 45_000)] })) });
    broker.latest().deliver(TOPIC_MESSAGE_SYNC, { event: 'patch', seq_id: 11, data: [{ op: 'add', path: directPaths.item('8', '81'), value: item('81', BOB, 45_000) }] });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().threads['8'].items.map((i) => i.item_id)).toEqual(['81']);
  });
});

describe('what the viewer does in Direct', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 40_000 }));
  afterEach(() => vi.useRealTimers());

  it('R-002-direct-10: a text goes over the channel, not HTTP; R-002-direct-8: its answer confirms it', async () => {
    const context = await open();
    const done = context.actions.sendText('1', 'hello');
    expect(context.store.getState().threads['1'].items[0]).toMatchObject({ text: 'hello', send: { state: 'sending' } });
    expect(context.broker.latest().published.at(-1)?.topic).toBe(TOPIC_SEND_MESSAGE);
    expect(context.broker.latest().lastSent()).toMatchObject({ action: 'send_item', item_type: 'text', text: 'hello', thread_id: '1' });
    answerSend(context, '77');
    await expect(done).resolves.toBe(true);
    expect(context.store.getState().threads['1'].items[0]).toMatchObject({ item_id: '77', text: 'hello' });
    expect(context.store.getState().threads['1'].items[0].send).toBeUndefined();
  });

  it('R-002-direct-9: a refused send is taken away with a toast', async () => {
    const context = await open();
    const done = context.actions.sendLike('1');
    expect(context.store.getState().threads['1'].items[0].item_type).toBe('like');
    answerSend(context, '', 'fail');
    await expect(done).resolves.toBe(false);
    expect(context.store.getState().threads['1'].items.map((i) => i.item_id)).toEqual(['11']);
    expect(context.notify).toHaveBeenCalledWith('send', expect.any(Error));
  });

  it('R-002-direct-realtime-6: without the channel (not opened, or closed at logout) a send fails with "MQTT is not instantiated"', async () => {
    const context = setup();
    const release = context.store.retain(ALICE);
    release();
    await context.actions.sendText('1', 'hello');
    expect(context.notify).toHaveBeenCalledWith('send', expect.objectContaining({ message: 'MQTT is not instantiated' }));
  });

  it('R-002-direct-26: a photo that fails to upload is taken away with a toast', async () => {
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        set src(_value: string) {
          queueMicrotask(() => this.onerror?.());
        }
      },
    );
    let seen: unknown;
    const context = await open({
      uploadPhoto: (_thread: string, _file: Blob, progress: (n: number) => void) => {
        progress(0.5);
        seen = context.store.getState().threads['1'].items[0];
        return Promise.reject(new ApiError(413, { status: 'fail', message: 'too large' }, 'too large'));
      },
    });
    await context.actions.sendPhoto('1', new File([new Uint8Array([1, 2, 3])], 'p.jpg', { type: 'image/jpeg' }));
    expect(seen).toMatchObject({ item_type: 'media', send: { state: 'uploading', progress: 0.5 } });
    expect(context.store.getState().threads['1'].items.map((i) => i.item_id)).toEqual(['11']);
    expect(context.notify).toHaveBeenCalledWith('photo', expect.any(ApiError));
    vi.unstubAllGlobals();
  });

  it('a photo sent is the service\'s item once configured, without a copy left behind', async () => {
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        set src(_value: string) {
          queueMicrotask(() => this.onload?.());
        }
        naturalWidth = 4;
        naturalHeight = 3;
      },
    );
    const context = await open({
      uploadPhoto: () => Promise.resolve('u1'),
      configurePhoto: (threadId: string, _upload: string, token: string) => Promise.resolve({ thread_id: threadId, item: item('90', ALICE, 60_000, { item_type: 'media', client_context: token }), status: 'ok' }),
    });
    await context.actions.sendPhoto('1', new File([new Uint8Array([1])], 'p.jpg', { type: 'image/jpeg' }));
    expect(context.store.getState().threads['1'].items.map((i) => i.item_id)).toEqual(['90', '11']);
    vi.unstubAllGlobals();
  });

  it('R-002-direct-28: an unsend the service refuses puts the message back', async () => {
    let during: string[] = [];
    const context = await open({
      deleteItem: () => {
        during = context.store.getState().threads['1'].items.map((i) => i.item_id);
        return Promise.reject(new ApiError(403, null, 'no'));
      },
    });
    const own = item('11', ALICE, 1_000);
    await context.actions.unsend('1', own);
    expect(during).toEqual([]);
    expect(context.store.getState().threads['1'].items.map((i) => i.item_id)).toEqual(['11']);
    expect(context.notify).toHaveBeenCalledWith('delete', expect.any(ApiError));
  });

  it('R-002-direct-27: a rename the service refuses puts the old title back', async () => {
    let during = '';
    const context = await open({
      updateTitle: () => {
        during = context.store.getState().threads['1'].thread_title;
        return Promise.reject(new ApiError(400, null, 'long'));
      },
    });
    await context.actions.rename('1', 'Trip');
    expect(during).toBe('Trip');
    expect(context.store.getState().threads['1'].thread_title).toBe('bob');
    expect(context.notify).toHaveBeenCalledWith('rename', expect.any(ApiError));
  });

  it('R-002-direct-14: a like on a message shows at once and goes when refused', async () => {
    let during = 0;
    const context = await open({
      setItemLiked: () => {
        during = context.store.getState().threads['1'].items[0].reactions.likes_count;
        return Promise.reject(new ApiError(500, null, 'x'));
      },
    });
    await context.actions.setLiked('1', '11', true);
    expect(during).toBe(1);
    expect(context.store.getState().threads['1'].items[0].reactions.likes_count).toBe(0);
    expect(context.notify).toHaveBeenCalledWith('react', expect.any(ApiError));
  });

  it('R-002-direct-24: a failure to mark a thread seen tells so; the badge goes down meanwhile', async () => {
    const context = await open({ markItemSeen: () => Promise.reject(new ApiError(500, null, 'x')) });
    expect(context.store.getState().badgeCount).toBe(1);
    context.actions.markSeen('1');
    expect(context.store.getState().threads['1'].last_seen_at[ALICE]).toMatchObject({ item_id: '11' });
    expect(context.store.getState().badgeCount).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(context.notify).toHaveBeenCalledWith('seen', expect.any(ApiError));
    expect(context.deps.api.markItemSeen).toHaveBeenCalledWith('1', '11');
  });

  it('R-002-direct-24: a failure to start a thread tells so', async () => {
    const context = await open({ createGroupThread: () => Promise.reject(new ApiError(403, null, 'blocked')) });
    await expect(context.actions.createThread([BOB])).resolves.toBeNull();
    expect(context.notify).toHaveBeenCalledWith('create', expect.any(ApiError));
  });

  it('R-002-direct-11, -12, -13: approve makes a request an inbox thread, decline and decline all take requests away', async () => {
    const requests = { inbox: { threads: [thread('8', { pending: true }), thread('9', { pending: true })], has_older: false, oldest_cursor: null, unseen_count: 0 }, seq_id: 10, pending_requests_total: 2, status: 'ok' };
    let declinedAll = false;
    const context = await open({
      fetchPendingInbox: () => Promise.resolve(declinedAll ? { ...requests, inbox: { ...requests.inbox, threads: [] }, pending_requests_total: 0 } : requests),
      approveThreads: () => Promise.resolve({ status: 'ok' }),
      declineThreads: () => Promise.resolve({ status: 'ok' }),
      declineAll: () => {
        declinedAll = true;
        return Promise.resolve({ status: 'ok' });
      },
    });
    await context.store.loadRequests();
    expect(context.store.getState().pendingRequestsTotal).toBe(2);
    await context.actions.approve('8');
    expect(context.store.getState().threads['8'].pending).toBe(false);
    expect(context.deps.api.approveThreads).toHaveBeenCalledWith(['8']);
    await context.actions.decline('9');
    expect(context.store.getState().removed['9']).toBe('declined');
    expect(context.store.getState().pendingRequestsTotal).toBe(0);
    await context.store.loadRequests();
    await context.actions.declineAll();
    expect(Object.values(context.store.getState().threads).filter((held) => held.pending)).toEqual([]);
  });

  it('leaving or hiding a thread takes it away, marked for its page to go to the inbox', async () => {
    const context = await open({ threadCommand: () => Promise.resolve({ status: 'ok' }) });
    await context.actions.remove('1', 'hide');
    expect(context.deps.api.threadCommand).toHaveBeenCalledWith('1', 'hide');
    expect(context.store.getState().removed['1']).toBe('removed');
    expect(context.store.getState().viewerId).toBe(alice.id);
  });
});
