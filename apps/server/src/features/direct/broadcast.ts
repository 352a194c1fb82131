import { DIRECT_TEXT_MAX_LENGTH, type DirectItemResult } from '@shutter/contract';
import { HttpError, badRequest, failWith } from '../../platform/errors.js';
import { refuse } from '../access/refusals.js';
import type { Access } from '../access/service.js';
import type { DirectPhotos } from './direct-photo.js';
import type { LinkContexts } from './link-context.js';
import type { Deliver, StoredStoryRef } from './types.js';

export interface Sent {
  thread_id: string;
  item: DirectItemResult;
}

export interface BroadcastDeps {
  deliver: Deliver;
  /** The one-to-one thread of two people, made when there is none yet (checks that the first may message the second). */
  oneToOne(senderId: string, otherId: string): Promise<string>;
  photos: DirectPhotos;
  links: LinkContexts;
  access: Pick<Access, 'requireContent' | 'requireThreadWriter'>;
  /** Whether the sender may see this story of this owner (live, or kept in a highlight). */
  storyVisible(senderId: string, ownerId: string, storyId: string): Promise<boolean>;
  /** Whether the owner lets others share their stories (replies and reactions go to the owner and stay allowed). */
  storySharing?(ownerId: string): Promise<boolean>;
}

/** A message's text: trimmed, not empty, within DIRECT_TEXT_MAX_LENGTH. */
export function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw failWith(400, { code: 'direct_text_empty' });
  if (trimmed.length > DIRECT_TEXT_MAX_LENGTH) throw failWith(400, { code: 'direct_text_long', params: { max: DIRECT_TEXT_MAX_LENGTH } });
  return trimmed;
}

/**
 * What a thread receives over HTTP rather than the channel (spec 002 §7): photos, links and
 * stories shared or reacted to. Each ends in `deliver`, which checks membership and blocks, writes
 * the item with everyone's sequence numbers and publishes it; the same mutation token from the
 * same sender answers the first item again.
 */
export function createBroadcast(deps: BroadcastDeps) {
  /**
   * A story's reel is its owner's; the sender must be able to see that account's content and the
   * story itself. Its readers are checked again each time the item is shown.
   */
  async function storyRef(senderId: string, reelId: string, mediaId: string, extra: Pick<StoredStoryRef, 'text' | 'reaction_emoji'> = {}): Promise<StoredStoryRef> {
    await deps.access.requireContent(senderId, reelId);
    if (!(await deps.storyVisible(senderId, reelId, mediaId))) throw refuse('story_hidden');
    return { reel_id: reelId, media_id: mediaId, ...extra };
  }

  /** The thread a story reply goes to: the one named, else the one-to-one thread with the story's owner. */
  async function replyThread(senderId: string, reelId: string, threadId: string | undefined): Promise<string> {
    if (threadId) return threadId;
    if (reelId === senderId) throw failWith(400, { code: 'direct_recipients_invalid' });
    return deps.oneToOne(senderId, reelId);
  }

  /** As deliver has it: 404 to anyone not in the thread, 403 across a block in a one-to-one thread. */
  async function requireWriter(senderId: string, threadId: string): Promise<void> {
    await deps.access.requireThreadWriter(senderId, threadId);
  }

  async function send(senderId: string, threadId: string, item: Parameters<Deliver>[2], token: string | null): Promise<Sent> {
    return { thread_id: threadId, item: await deps.deliver(senderId, threadId, item, token) };
  }

  return {
    async uploadPhoto(senderId: string, threadId: string, data: Buffer): Promise<string> {
      await requireWriter(senderId, threadId);
      return deps.photos.upload(senderId, threadId, data);
    },

    /** Sends an uploaded photo; a failed send gives the upload back, so nothing is half sent. */
    async configurePhoto(senderId: string, input: { threadId: string; uploadId: string; token: string }): Promise<Sent> {
      const upload = await deps.photos.claim(senderId, input.uploadId, input.threadId, input.token);
      let sent: Sent;
      try {
        sent = await send(senderId, input.threadId, { type: 'media', photo: upload.photo }, input.token);
      } catch (err) {
        // The refusal is the answer; an upload not given back stays this token's, so a retry still sends it.
        await deps.photos.release(upload.upload_id, input.token).catch(() => undefined);
        throw err;
      }
      // A token the sender used before for another message answers that message: the photo stays unsent.
      const carriesIt = sent.item.item_type === 'media' && sent.item.media?.image_versions2.candidates[0]?.url === upload.photo.image_versions2.candidates[0]?.url;
      if (!carriesIt) await deps.photos.release(upload.upload_id, input.token);
      else if (upload.item_id !== sent.item.item_id) await deps.photos.markSent(upload.upload_id, sent.item.item_id);
      return sent;
    },

    async link(senderId: string, input: { threadId: string; text: string; urls: URL[]; token: string | null }): Promise<Sent> {
      const text = checkedText(input.text);
      const first = input.urls[0];
      if (!first) throw badRequest('Send at least one link.');
      await requireWriter(senderId, input.threadId);
      const link = await deps.links.of(senderId, first);
      return send(senderId, input.threadId, { type: 'link', text, link }, input.token);
    },

    async reelShare(senderId: string, input: { reelId: string; mediaId: string; threadId?: string; text: string; token: string | null }): Promise<Sent> {
      const text = input.text.trim() ? checkedText(input.text) : undefined;
      const story = await storyRef(senderId, input.reelId, input.mediaId, text ? { text } : {});
      const threadId = await replyThread(senderId, input.reelId, input.threadId);
      return send(senderId, threadId, { type: 'reel_share', story }, input.token);
    },

    async storyShare(senderId: string, input: { reelId: string; mediaId: string; threadId: string; token: string | null }): Promise<Sent> {
      const story = await storyRef(senderId, input.reelId, input.mediaId);
      if (input.reelId !== senderId && deps.storySharing && !(await deps.storySharing(input.reelId))) {
        throw new HttpError(403, "This account doesn't allow its stories to be shared.", { error_type: 'story_sharing_off' });
      }
      return send(senderId, input.threadId, { type: 'story_share', story }, input.token);
    },

    async reelReact(senderId: string, input: { reelId: string; mediaId: string; threadId?: string; emoji: string; token: string | null }): Promise<Sent> {
      const story = await storyRef(senderId, input.reelId, input.mediaId, { reaction_emoji: input.emoji });
      const threadId = await replyThread(senderId, input.reelId, input.threadId);
      return send(senderId, threadId, { type: 'reel_react', story }, input.token);
    },
  };
}
export type Broadcast = ReturnType<typeof createBroadcast>;
