import { DIRECT_TEXT_MAX_LENGTH } from '@shutter/contract';
import { failWith } from '../../platform/errors.js';
import type { ItemPayload } from './present.js';
import type { NewItem } from './types.js';

/** An item as its row stores it. */
export interface StoredItem {
  item_type: NewItem['type'];
  text: string | null;
  payload: ItemPayload | null;
  media_id: string | null;
}

/** A message's text: not empty, at most DIRECT_TEXT_MAX_LENGTH characters (400 with the code otherwise). */
export function checkText(text: string): string {
  if (text.trim() === '') throw failWith(400, { code: 'direct_text_empty' });
  if ([...text].length > DIRECT_TEXT_MAX_LENGTH) throw failWith(400, { code: 'direct_text_long', params: { max: DIRECT_TEXT_MAX_LENGTH } });
  return text;
}

const optionalText = (text: string | undefined) => (text === undefined || text.trim() === '' ? null : checkText(text));

/** What an item's row holds, its text checked. */
export function toStored(item: NewItem): StoredItem {
  switch (item.type) {
    case 'text':
      return { item_type: 'text', text: checkText(item.text), payload: null, media_id: null };
    case 'like':
      return { item_type: 'like', text: null, payload: null, media_id: null };
    case 'media_share':
      return { item_type: 'media_share', text: optionalText(item.text), payload: null, media_id: item.mediaId };
    case 'media':
      return { item_type: 'media', text: null, payload: { photo: item.photo }, media_id: null };
    case 'link':
      return { item_type: 'link', text: checkText(item.text), payload: { link: item.link }, media_id: null };
    case 'reel_share':
    case 'reel_react':
    case 'story_share':
      return { item_type: item.type, text: optionalText(item.story.text), payload: { story: item.story }, media_id: null };
    case 'action_log':
      return { item_type: 'action_log', text: null, payload: { description: item.description }, media_id: null };
  }
}
