import { describe, expect, it } from 'vitest';
import type { AdminReport } from '@shutter/contract';
import { availableActions } from './report-actions';

const account = { id: '2', username: 'bob', full_name: 'Bob', profile_pic_url: '', role: 'member' as const, limited: false, suspended: false, strike_count: 0 };
const report = (over: Partial<AdminReport> = {}, thing: Partial<AdminReport['thing']> = {}): AdminReport => ({
  id: '1', action_taken: false, action_taken_at: null, action_taken_by_account: null, created_at: '2026-11-26T10:00:00Z', updated_at: '2026-11-26T10:00:00Z',
  reasons: [{ tag_type: 'spam', tag_text: 'Spam', count: 1 }], reporter_count: 1, target_account: account,
  thing: { object_type: 'media', object_id: '9', url: '/p/x/', text: null, thumbnail_url: null, removed: false, sensitive: false, ...thing },
  ...over,
});

describe('the actions a report offers', () => {
  it('an open report about a post offers every action on the post and its owner', () => {
    expect(availableActions(report())).toEqual(['dismiss', 'remove', 'sensitive', 'warn', 'limit', 'suspend']);
  });

  it('a profile has nothing to remove or mark sensitive; a comment is not marked sensitive', () => {
    expect(availableActions(report({}, { object_type: 'user' }))).toEqual(['dismiss', 'warn', 'limit', 'suspend']);
    expect(availableActions(report({}, { object_type: 'comment' }))).toEqual(['dismiss', 'remove', 'warn', 'limit', 'suspend']);
  });

  it('a resolved report is reopened, and its owner can still be limited or suspended', () => {
    expect(availableActions(report({ action_taken: true }, { removed: true }))).toEqual(['reopen', 'limit', 'suspend']);
  });

  it('a suspended or limited owner can be restored', () => {
    const suspended = { ...account, suspended: true };
    expect(availableActions(report({ action_taken: true, target_account: suspended }, { removed: true }))).toEqual(['reopen', 'unsuspend']);
    expect(availableActions(report({ target_account: { ...account, limited: true } }))).toEqual(['dismiss', 'remove', 'sensitive', 'warn', 'suspend', 'unlimit']);
  });
});
