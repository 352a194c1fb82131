import { describe, expect, it } from 'vitest';
import { isThreadSeen } from './seen';
import { ALICE, BOB, item, thread } from './test-fixtures';

describe('the seen rule', () => {
  it('R-002-direct-15: a thread is seen when its last activity is not later than the viewer\'s last seen time', () => {
    const base = thread('1', { items: [item('11', BOB, 1_000)] });
    expect(isThreadSeen({ ...base, last_seen_at: { [ALICE]: { timestamp: 1_000, item_id: '11' } } }, ALICE)).toBe(true);
    expect(isThreadSeen({ ...base, last_seen_at: { [ALICE]: { timestamp: 999, item_id: null } } }, ALICE)).toBe(false);
    expect(isThreadSeen({ ...base, last_seen_at: {} }, ALICE)).toBe(false);
  });

  it('R-002-direct-16: a thread whose last permanent item is the viewer\'s own is seen', () => {
    const own = thread('1', { items: [item('12', ALICE, 2_000), item('11', BOB, 1_000)], last_seen_at: {} });
    expect(isThreadSeen(own, ALICE)).toBe(true);
  });

  it('R-002-direct-17: the viewer\'s own messages are told by user id, not by name or token', () => {
    const bobs = thread('1', { items: [item('12', BOB, 2_000, { client_context: '555' })], last_seen_at: {} });
    expect(isThreadSeen(bobs, ALICE)).toBe(false);
    expect(isThreadSeen(bobs, BOB)).toBe(true);
  });
});
