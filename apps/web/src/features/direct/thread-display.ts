import type { DirectItemResult, DirectUserResult } from '@shutter/contract';
import type { Translate } from '../../lib/i18n/i18n';
import { numberFormat } from '../../lib/formatters';
import type { ThreadState } from './direct-types';

/** How a thread and its items read in lists and headers. */

export function threadTitle(thread: Pick<ThreadState, 'thread_title' | 'users'>): string {
  return thread.thread_title || thread.users.map((user) => user.username).join(', ');
}

/** The person a one-to-one thread is with (null for a group, or when they have left). */
export function otherUser(thread: Pick<ThreadState, 'is_group' | 'users'>): DirectUserResult | null {
  return thread.is_group ? null : (thread.users[0] ?? null);
}

/** What an item says in one line (the inbox's preview, a notification). */
export function itemSummary(item: DirectItemResult, t: Translate): string {
  switch (item.item_type) {
    case 'text':
      return item.text ?? '';
    case 'like':
      return '❤️';
    case 'media':
      return t('direct.preview.media');
    case 'media_share':
      return t('direct.preview.mediaShare');
    case 'link':
      return item.link?.text ?? item.text ?? t('direct.preview.link');
    case 'reel_share':
      return item.reel_share?.text || t('direct.preview.storyReply');
    case 'reel_react':
      return item.reel_share?.reaction_emoji ?? item.story_share?.reaction_emoji ?? t('direct.preview.storyReact');
    case 'story_share':
      return t('direct.preview.story');
    case 'action_log':
      return item.action_log?.description ?? '';
  }
}

/** "You: …" for the viewer's own, "name: …" in a group, the text alone otherwise. */
export function threadPreview(thread: ThreadState, viewerId: string, t: Translate): string {
  const item = thread.last_permanent_item;
  if (!item) return t('direct.preview.none');
  const text = itemSummary(item, t);
  if (item.item_type === 'action_log') return text;
  if (item.user_id === viewerId) return t('direct.previewOwn', { text });
  if (thread.is_group) {
    const sender = thread.users.find((user) => user.pk === item.user_id);
    if (sender) return t('direct.previewBy', { name: sender.username, text });
  }
  return text;
}

const UNITS: [Intl.NumberFormatOptions['unit'], number][] = [
  ['year', 365 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3h", "2d", "1w": how long ago, as short as the inbox shows it. */
export function compactTime(ms: number, now: number, locale: string, t: Translate): string {
  const elapsed = Math.max(0, now - ms);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(Math.floor(elapsed / size));
  }
  return t('direct.now');
}
