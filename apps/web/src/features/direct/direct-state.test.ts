import { describe, expect, it } from 'vitest';
import { directPaths, type SyncEvent } from '@shutter/contract';
import { directReducer, initialDirectState, listThreads, type DirectAction } from './direct-state';
import type { DirectState } from './direct-types';
import { optimisticItem } from './thread-items';
import { ALICE, BOB, CAROL, carol, inbox, item, thread } from './test-fixtures';

const run = (state: DirectState, ...actions: DirectAction[]) => actions.reduce(directReducer, state);
const loaded = (threads = [thread('1')], seqId = 10) => run(initialDirectState, { type: 'viewer', viewerId: ALICE }, { type: 'inboxRequested' }, { type: 'inboxLoaded', answer: inbox(threads, seqId), now: 0 });
const patch = (seq: number | undefined, ...data: NonNullable<Extract<SyncEvent, { event: 'patch' }>['data']>): DirectAction => ({ type: 'sync', event: { event: 'patch', seq_id: seq, data }, now: 50_000 });
const sent = (clientContext: string, text = 'hi') => optimisticItem({ item_type: 'text', user_id: ALICE, client_context: clientContext, text }, 40_000);

describe('direct state: the inbox snapshot', () => {
  it('holds the snapshot: sequence id, time, pages, requests total and the badge', () => {
    const state = run(initialDirectState, { type: 'viewer', viewerId: ALICE }, { type: 'inboxRequested' }, {
      type: 'inboxLoaded',
      answer: { ...inbox([thread('1'), thread('2', { pending: false })], 42, { has_older: true, oldest_cursor: 'c2', unseen_count: 3 }), pending_requests_total: 4 },
      now: 0,
    });
    expect(state).toMatchObject({ seqId: 42, snapshotAt: 5_000, inboxLoaded: true, pendingRequestsTotal: 4, badgeCount: 3, syncing: false });
    expect(state.inbox).toEqual({ oldestCursor: 'c2', hasOlder: true, isLoading: false, failed: false });
    expect(Object.keys(state.threads).sort()).toEqual(['1', '2']);
  });

  it('lists threads by last activity, requests apart', () => {
    const state = loaded([thread('1', { last_activity_at: 100 }), thread('2', { last_activity_at: 300 }), thread('3', { last_activity_at: 200, pending: true })]);
    expect(listThreads(state.threads, false).map((t) => t.thread_id)).toEqual(['2', '1']);
    expect(listThreads(state.threads, true).map((t) => t.thread_id)).toEqual(['3']);
  });

  it('adds an older page after the threads held', () => {
    const state = run(loaded([thread('1')]), { type: 'olderInboxRequested' }, { type: 'olderInboxLoaded', answer: inbox([thread('0', { last_activity_at: 1 })], 99, { has_older: false, oldest_cursor: null }) });
    expect(listThreads(state.threads, false).map((t) => t.thread_id)).toEqual(['1', '0']);
    expect(state.inbox.hasOlder).toBe(false);
    expect(state.seqId).toBe(10);
  });

  it('applies the events that came while the snapshot loaded, and drops those it already holds', () => {
    let state = run(initialDirectState, { type: 'viewer', viewerId: ALICE }, { type: 'inboxRequested' });
    state = run(state, patch(10, { op: 'add', path: directPaths.item('1', '15'), value: item('15', BOB, 1_500) }), patch(11, { op: 'add', path: directPaths.item('1', '16'), value: item('16', BOB, 1_600) }));
    expect(state.buffered).toHaveLength(2);
    state = directReducer(state, { type: 'inboxLoaded', answer: inbox([thread('1')], 10), now: 0 });
    expect(state.threads['1'].items.map((i) => i.item_id)).toEqual(['16', '11']);
    expect(state.seqId).toBe(11);
    expect(state.buffered).toEqual([]);
  });
});

describe('direct state: sequence ids', () => {
  it('R-002-direct-realtime-3: an event whose sequence id is not above the state\'s is ignored', () => {
    const state = loaded();
    for (const seq of [10, 9]) {
      const next = directReducer(state, patch(seq, { op: 'replace', path: directPaths.unseenCount, value: 7 }));
      expect(next).toBe(state);
    }
  });

  it('R-002-direct-realtime-2: a gap in the sequence, or a snapshot event, asks for a new snapshot', () => {
    const state = loaded();
    const gap = directReducer(state, patch(12, { op: 'replace', path: directPaths.unseenCount, value: 7 }));
    expect(gap.needsSnapshot).toBe(true);
    expect(gap.badgeCount).toBe(state.badgeCount);
    expect(directReducer(state, { type: 'sync', event: { event: 'snapshot' }, now: 0 }).needsSnapshot).toBe(true);
    expect(directReducer(gap, { type: 'inboxRequested' }).needsSnapshot).toBe(false);
  });

  it('R-002-direct-realtime-5: a sequence id or path number that is not an integer is not applied', () => {
    const state = loaded();
    expect(directReducer(state, { type: 'sync', event: { event: 'patch', seq_id: 11.5, data: [{ op: 'replace', path: directPaths.unseenCount, value: 7 }] }, now: 0 })).toBe(state);
    const badPaths = directReducer(state, patch(11, { op: 'add', path: '/direct_v2/threads/1x/items/15', value: item('15', BOB, 2_000) }, { op: 'replace', path: directPaths.unseenCount, value: 2.5 }));
    expect(badPaths.threads).toBe(state.threads);
    expect(badPaths.badgeCount).toBe(state.badgeCount);
    expect(badPaths.seqId).toBe(11);
  });

  it('applies an event without a sequence id (typing) without moving the sequence', () => {
    const state = directReducer(loaded(), patch(undefined, { op: 'add', path: directPaths.typing('1', '77'), value: { sender_id: BOB, activity_status: 1, ttl: 12_000, timestamp: 1 } }));
    expect(state.seqId).toBe(10);
    expect(state.typing['1'][BOB]).toEqual({ indicatorId: '77', expiresAt: 62_000 });
  });
});

describe('direct state: deltas', () => {
  it('R-002-direct-realtime-4: items are added, replaced and removed; the thread moves to the top', () => {
    let state = loaded([thread('1', { last_activity_at: 1_000 }), thread('2', { items: [item('21', BOB, 2_000)] })]);
    state = directReducer(state, patch(11, { op: 'add', path: directPaths.item('1', '12'), value: item('12', BOB, 3_000, { text: 'new' }) }));
    expect(state.threads['1'].items[0].text).toBe('new');
    expect(state.threads['1'].last_permanent_item?.item_id).toBe('12');
    expect(listThreads(state.threads, false)[0].thread_id).toBe('1');
    state = directReducer(state, patch(12, { op: 'replace', path: directPaths.item('1', '12'), value: item('12', BOB, 3_000, { text: 'edited' }) }));
    expect(state.threads['1'].items.filter((i) => i.item_id === '12').map((i) => i.text)).toEqual(['edited']);
    state = directReducer(state, patch(13, { op: 'remove', path: directPaths.item('1', '12') }));
    expect(state.threads['1'].items.map((i) => i.item_id)).toEqual(['11']);
    expect(state.threads['1'].last_permanent_item?.item_id).toBe('11');
  });

  it('R-002-direct-realtime-4: participants\' has_seen, inbox threads and the unseen count', () => {
    let state = loaded([thread('1')]);
    state = directReducer(state, patch(11, { op: 'replace', path: directPaths.hasSeen('1', BOB), value: { timestamp: 9_000, item_id: '11' } }));
    expect(state.threads['1'].last_seen_at[BOB]).toEqual({ timestamp: 9_000, item_id: '11' });
    state = directReducer(state, patch(12, { op: 'add', path: directPaths.inboxThread('5'), value: thread('5', { users: [carol], last_activity_at: 8_000 }) }));
    expect(listThreads(state.threads, false)[0].thread_id).toBe('5');
    state = directReducer(state, patch(13, { op: 'replace', path: directPaths.unseenCount, value: 6 }));
    expect(state.badgeCount).toBe(6);
    state = directReducer(state, patch(14, { op: 'remove', path: directPaths.inboxThread('1') }));
    expect(state.threads['1']).toBeUndefined();
    expect(state.removed['1']).toBe('removed');
  });

  it('a new request counts among the requests', () => {
    const state = directReducer(loaded(), patch(11, { op: 'add', path: directPaths.inboxThread('9'), value: thread('9', { pending: true }) }));
    expect(state.pendingRequestsTotal).toBe(1);
    expect(listThreads(state.threads, true).map((t) => t.thread_id)).toEqual(['9']);
  });

  it('an item of a thread not held asks for that thread', () => {
    const state = directReducer(loaded(), patch(11, { op: 'add', path: directPaths.item('8', '81'), value: item('81', CAROL, 9_000) }));
    expect(state.unknownThreadIds).toEqual(['8']);
    expect(directReducer(state, { type: 'unknownThreadsTaken' }).unknownThreadIds).toEqual([]);
  });

  it('an item that comes with its new thread in one event asks for nothing more', () => {
    const state = directReducer(
      loaded(),
      patch(11, { op: 'add', path: directPaths.item('8', '81'), value: item('81', CAROL, 9_000) }, { op: 'replace', path: directPaths.inboxThread('8'), value: thread('8', { users: [carol], items: [item('81', CAROL, 9_000)] }) }),
    );
    expect(state.unknownThreadIds).toEqual([]);
    expect(state.threads['8'].items.map((i) => i.item_id)).toEqual(['81']);
  });
});

describe('direct state: typing', () => {
  const typing = (status: 0 | 1, seq?: number) => patch(seq, { op: 'add', path: directPaths.typing('1', '77'), value: { sender_id: BOB, activity_status: status, ttl: 12_000, timestamp: 1 } });

  it('R-002-direct-18: typing starts with its time-to-live and ends when the timer runs out', () => {
    const state = directReducer(loaded(), typing(1));
    expect(directReducer(state, { type: 'typingExpired', threadId: '1', senderId: BOB, now: 61_999 })).toBe(state);
    expect(directReducer(state, { type: 'typingExpired', threadId: '1', senderId: BOB, now: 62_000 }).typing['1']).toEqual({});
  });

  it('R-002-direct-18: an off status ends typing at once', () => {
    const state = run(loaded(), typing(1), typing(0));
    expect(state.typing['1']).toEqual({});
  });

  it('a message from the one typing ends their typing', () => {
    const state = run(loaded(), typing(1), patch(11, { op: 'add', path: directPaths.item('1', '12'), value: item('12', BOB, 60_000) }));
    expect(state.typing['1'][BOB]).toBeUndefined();
  });
});

describe('direct state: sending', () => {
  it('R-002-direct-7: a sent message shows at once under its mutation token', () => {
    const state = directReducer(loaded(), { type: 'sendStarted', threadId: '1', item: sent('555') });
    expect(state.threads['1'].items[0]).toMatchObject({ client_context: '555', text: 'hi', send: { state: 'sending' } });
    expect(state.threads['1'].last_permanent_item?.client_context).toBe('555');
  });

  it('R-002-direct-8: the send\'s answer gives it the service\'s id; the channel\'s copy after it does not double it', () => {
    let state = run(loaded(), { type: 'sendStarted', threadId: '1', item: sent('555') }, { type: 'sendConfirmed', threadId: '1', clientContext: '555', itemId: '20', timestamp: 41_000 });
    expect(state.threads['1'].items[0]).toMatchObject({ item_id: '20', timestamp: 41_000, client_context: '555' });
    expect(state.threads['1'].items[0].send).toBeUndefined();
    state = directReducer(state, patch(11, { op: 'add', path: directPaths.item('1', '20'), value: item('20', ALICE, 41_000, { client_context: '555', text: 'hi' }) }));
    expect(state.threads['1'].items.map((i) => i.item_id)).toEqual(['20', '11']);
  });

  it('R-002-direct-8: the channel\'s copy first replaces it, and the answer after it does not double it', () => {
    let state = run(loaded(), { type: 'sendStarted', threadId: '1', item: sent('555') });
    state = directReducer(state, patch(11, { op: 'add', path: directPaths.item('1', '20'), value: item('20', ALICE, 41_000, { client_context: '555', text: 'hi' }) }));
    expect(state.threads['1'].items.map((i) => i.item_id)).toEqual(['20', '11']);
    state = directReducer(state, { type: 'sendConfirmed', threadId: '1', clientContext: '555', itemId: '20', timestamp: 41_000 });
    expect(state.threads['1'].items.map((i) => i.item_id)).toEqual(['20', '11']);
  });

  it('R-002-direct-9: a failed send leaves nothing behind', () => {
    const state = run(loaded(), { type: 'sendStarted', threadId: '1', item: sent('555') }, { type: 'sendFailed', threadId: '1', clientContext: '555' });
    expect(state.threads['1'].items.map((i) => i.item_id)).toEqual(['11']);
    expect(state.threads['1'].last_permanent_item?.item_id).toBe('11');
  });

  it('keeps a thread opened by its address across a new snapshot that does not list it', () => {
    const state = run(loaded([thread('1')]), { type: 'threadLoaded', thread: thread('7', { items: [] }), older: false }, { type: 'inboxRequested' }, { type: 'inboxLoaded', answer: inbox([thread('1')], 30), now: 0 });
    expect(state.threads['7']).toBeDefined();
  });

  it('keeps unconfirmed sends across a new snapshot', () => {
    const state = run(loaded(), { type: 'sendStarted', threadId: '1', item: sent('555') }, { type: 'inboxRequested' }, { type: 'inboxLoaded', answer: inbox([thread('1')], 30), now: 0 });
    expect(state.threads['1'].items.some((i) => i.client_context === '555' && i.send)).toBe(true);
  });

  it('R-002-direct-14: a like on a message is added and taken away at once', () => {
    let state = directReducer(loaded(), { type: 'reaction', threadId: '1', itemId: '11', liked: true, now: 7 });
    expect(state.threads['1'].items[0].reactions).toEqual({ likes: [{ sender_id: ALICE, timestamp: 7 }], likes_count: 1 });
    state = directReducer(state, { type: 'reaction', threadId: '1', itemId: '11', liked: false, now: 8 });
    expect(state.threads['1'].items[0].reactions).toEqual({ likes: [], likes_count: 0 });
  });
});

describe('direct state: requests', () => {
  it('R-002-direct-11: an approved request becomes an inbox thread', () => {
    const state = run(
      loaded(),
      { type: 'requestsRequested' },
      { type: 'requestsLoaded', answer: { inbox: { threads: [thread('9', { pending: true })], has_older: false, oldest_cursor: null, unseen_count: 0 }, seq_id: 10, pending_requests_total: 1, status: 'ok' }, older: false },
      { type: 'approved', threadIds: ['9'] },
    );
    expect(state.threads['9'].pending).toBe(false);
    expect(state.pendingRequestsTotal).toBe(0);
    expect(listThreads(state.threads, false).map((t) => t.thread_id)).toContain('9');
  });

  it('the requests reloaded keep the messages held of a request beyond their page, and drop a request gone', () => {
    const page = (threads: ReturnType<typeof thread>[]) => ({ inbox: { threads, has_older: false, oldest_cursor: null, unseen_count: 0 }, seq_id: 10, pending_requests_total: threads.length, status: 'ok' as const });
    let state = run(loaded(), { type: 'requestsLoaded', answer: page([thread('8', { pending: true }), thread('9', { pending: true, items: [item('92', BOB, 2_000), item('91', BOB, 1_000)] })]), older: false });
    state = run(state, { type: 'threadLoaded', thread: thread('9', { pending: true, items: [item('90', BOB, 500)] }), older: true });
    state = run(state, { type: 'requestsLoaded', answer: page([thread('9', { pending: true, items: [item('93', BOB, 3_000), item('92', BOB, 2_000)] })]), older: false });
    expect(state.threads['9'].items.map((i) => i.item_id)).toEqual(['93', '92', '91', '90']);
    expect(state.threads['8']).toBeUndefined();
  });

  it('R-002-direct-12: a declined request is gone, marked so for its page', () => {
    const state = run(loaded([thread('1'), thread('9', { pending: true })]), { type: 'threadRemoved', threadId: '9', reason: 'declined' });
    expect(state.threads['9']).toBeUndefined();
    expect(state.removed['9']).toBe('declined');
  });
});
