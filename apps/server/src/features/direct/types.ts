import type { DirectItemResult, DirectLinkResult, DirectMediaResult } from '@shutter/contract';

/**
 * What an item stores beside its type and text, by type. `media_share` keeps the post's id in its
 * own column (hydrated, and checked for visibility, when presented); the rest is the payload.
 */
export interface StoredPhoto extends DirectMediaResult {
  /** Storage keys of the variants, to delete them with the item. */
  keys: string[];
}
export interface StoredStoryRef {
  reel_id: string;
  media_id: string;
  text?: string;
  reaction_emoji?: string;
}
export type NewItem =
  | { type: 'text'; text: string }
  | { type: 'like' }
  | { type: 'media_share'; mediaId: string; text?: string }
  | { type: 'media'; photo: StoredPhoto }
  | { type: 'link'; text: string; link: DirectLinkResult['link_context'] }
  | { type: 'reel_share'; story: StoredStoryRef }
  | { type: 'reel_react'; story: StoredStoryRef }
  | { type: 'story_share'; story: StoredStoryRef }
  | { type: 'action_log'; description: string };

/**
 * Adds an item to a thread as the sender, in one transaction with the members' sequence numbers
 * and the thread's activity, then publishes it to every member. Checks that the sender is an
 * active member and that no block stands between them and the others (403/404 otherwise). The
 * same clientContext from the same sender answers the first item again.
 */
export type Deliver = (senderId: string, threadId: string, item: NewItem, clientContext: string | null) => Promise<DirectItemResult>;
