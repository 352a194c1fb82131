import { describe, expect, it } from 'vitest';
import { messageRows, TIME_GAP_MS } from './message-rows';
import { optimisticItem } from './thread-items';
import { ALICE, BOB, CAROL, bob, carol, item, thread } from './test-fixtures';

describe('message rows', () => {
  it('runs of one sender, oldest first, with the time where a long pause was', () => {
    const t0 = 1_000_000;
    const rows = messageRows(thread('1', { items: [item('4', ALICE, t0 + 21 + TIME_GAP_MS), item('3', BOB, t0 + 20), item('2', BOB, t0 + 10), item('1', ALICE, t0)] }), ALICE, []);
    expect(rows.map((row) => (row.kind === 'message' ? `${row.item.item_id}${row.firstOfRun ? 'F' : ''}${row.lastOfRun ? 'L' : ''}` : row.kind))).toEqual(['time', '1FL', '2F', '3L', 'time', '4FL']);
  });

  it('"Seen" under the viewer\'s newest message once the other has seen it', () => {
    const own = item('2', ALICE, 2_000);
    const unseen = messageRows(thread('1', { items: [own, item('1', BOB, 1_000)], last_seen_at: { [BOB]: { timestamp: 1_500, item_id: '1' } } }), ALICE, []);
    expect(unseen.some((row) => row.kind === 'seen')).toBe(false);
    const seen = messageRows(thread('1', { items: [own, item('1', BOB, 1_000)], last_seen_at: { [BOB]: { timestamp: 2_000, item_id: '2' } } }), ALICE, []);
    expect(seen[seen.length - 1]).toMatchObject({ kind: 'seen', names: null });
  });

  it('"Seen by" names the members of a group who saw it; nothing under a message still sending', () => {
    const group = thread('1', { is_group: true, users: [bob, carol], items: [item('2', ALICE, 2_000)], last_seen_at: { [BOB]: { timestamp: 2_000, item_id: '2' }, [CAROL]: { timestamp: 10, item_id: null } } });
    expect(messageRows(group, ALICE, []).find((row) => row.kind === 'seen')).toMatchObject({ names: ['bob'] });
    const sending = { ...group, items: [optimisticItem({ item_type: 'text', user_id: ALICE, client_context: '9' }, 3_000), ...group.items] };
    expect(messageRows(sending, ALICE, []).some((row) => row.kind === 'seen')).toBe(false);
  });

  it('a typing row for members typing; hidden items left out', () => {
    const rows = messageRows(thread('1', { items: [item('2', BOB, 2_000, { hide_in_thread: true }), item('1', BOB, 1_000)] }), ALICE, [BOB]);
    expect(rows.map((row) => row.kind)).toEqual(['time', 'message', 'typing']);
  });
});
