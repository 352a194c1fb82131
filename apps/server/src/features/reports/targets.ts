import type { ReportObjectType } from '@shutter/contract';
import { badRequest, notFound } from '../../platform/errors.js';
import { refuse } from '../access/refusals.js';
import type { Access } from '../access/service.js';
import { THING_WORDS } from './reasons.js';

/** The owners' areas' reads a report needs: each thing's owner, and whether the viewer may see it. */
export interface ReportTargetReads {
  /** The post's owner when the viewer may see it. */
  visibleMediaOwner(viewerId: string, mediaId: string): Promise<string | undefined>;
  comment(commentId: string): Promise<{ media_id: string; user_id: string } | undefined>;
  storyOwner(storyId: string): Promise<string | undefined>;
  /** Live, or kept in a highlight, and the viewer may see it. */
  storyVisible(viewerId: string, ownerId: string, storyId: string): Promise<boolean>;
  directItem(itemId: string): Promise<{ thread_id: string; user_id: string } | undefined>;
  username(userId: string): Promise<string | undefined>;
}

export interface ReportTarget {
  ownerId: string;
  ownerUsername: string;
}

/**
 * Who owns a reported thing, when the reporter may see it: a thing they may not see answers the
 * 404 of a thing that does not exist (so a report tells nothing), and their own things are refused.
 */
export function createReportTargets(reads: ReportTargetReads, access: Access) {
  async function ownerOf(viewerId: string, type: ReportObjectType, id: string): Promise<string> {
    switch (type) {
      case 'media': {
        const owner = await reads.visibleMediaOwner(viewerId, id);
        if (!owner) throw refuse('post_hidden');
        return owner;
      }
      case 'user':
        await access.requireAccount(viewerId, id, 'header');
        return id;
      case 'comment': {
        const comment = await reads.comment(id);
        const hidden = !comment || (await access.visibleMedia(viewerId, [comment.media_id])).size === 0
          || (await access.blockedAmong(viewerId, [comment.user_id])).size > 0;
        if (hidden) throw notFound("This comment isn't available.");
        return comment.user_id;
      }
      case 'story': {
        const owner = await reads.storyOwner(id);
        if (!owner || !(await reads.storyVisible(viewerId, owner, id))) throw refuse('story_hidden');
        return owner;
      }
      case 'direct_message': {
        const item = await reads.directItem(id);
        if (!item || !(await access.threadMember(viewerId, item.thread_id))) throw notFound("This message isn't available.");
        return item.user_id;
      }
    }
  }

  return {
    ownerOf,

    /** The thing's owner, when the viewer may report it. */
    async resolve(viewerId: string, type: ReportObjectType, id: string): Promise<ReportTarget> {
      const ownerId = await ownerOf(viewerId, type, id);
      if (ownerId === viewerId) throw badRequest(`You can't report your own ${THING_WORDS[type]}.`);
      const ownerUsername = await reads.username(ownerId);
      if (!ownerUsername) throw notFound();
      return { ownerId, ownerUsername };
    },
  };
}
export type ReportTargets = ReturnType<typeof createReportTargets>;
