import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/messages/en';
import type { Translate } from '../../lib/i18n/i18n';
import { toThreadState } from './thread-state';
import { compactTime, threadPreview } from './thread-display';
import { ALICE, BOB, bob, carol, item, thread } from './test-fixtures';

const t: Translate = (id, vars) => en[id].replace(/\{(\w+)\}/g, (_, name: string) => String(vars?.[name] ?? ''));

describe('thread display', () => {
  it('previews the last message: "You: …" for the viewer\'s own, the sender\'s name in a group', () => {
    expect(threadPreview(toThreadState(thread('1', { items: [item('2', ALICE, 2, { text: 'hey' })] })), ALICE, t)).toBe('You: hey');
    expect(threadPreview(toThreadState(thread('1', { items: [item('2', BOB, 2, { text: 'yo' })] })), ALICE, t)).toBe('yo');
    expect(threadPreview(toThreadState(thread('1', { is_group: true, users: [bob, carol], items: [item('2', BOB, 2, { text: 'yo' })] })), ALICE, t)).toBe('bob: yo');
    expect(threadPreview(toThreadState(thread('1', { items: [item('2', BOB, 2, { item_type: 'like' })] })), ALICE, t)).toBe('❤️');
  });

  it('tells how long ago in the inbox\'s short form', () => {
    expect(compactTime(0, 30_000, 'en', t)).toBe('now');
    expect(compactTime(0, 3 * 3_600_000, 'en', t)).toBe('3h');
    expect(compactTime(0, 9 * 86_400_000, 'en', t)).toBe('1w');
  });
});
