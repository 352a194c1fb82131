import type { MediaNode } from '@shutter/contract';
import { SOCIAL_CONTEXT_LIKERS } from '@shutter/contract';
import { badRequest, conflict, forbidden, postNotFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Activity } from '../activity/service.js';
import type { Places } from '../places/service.js';
import type { Storage } from '../../platform/storage.js';
import { mentionsToNotify } from './caption.js';
import type { PostInput } from './configure-input.js';
import type { Timelines } from '../feed/timelines.js';
import type { MediaHydrator } from './hydrate.js';
import type { PostSummaries } from './summaries.js';
import type { InteractionRules } from '../settings/rules.js';
import { UploadAlreadyUsed, type PostsRepository, type NewItem } from './repository.js';

/**
 * The review a new tag starts with: it waits for the tagged person's approval when they review
 * tags (the default); it is approved at once when they do not, or when the owner tags themselves.
 */
export function tagStatuses(ownerId: string, people: { id: string; usertag_review_enabled: boolean }[]) {
  const reviews = new Map(people.map((p) => [p.id, p.usertag_review_enabled]));
  return (userId: string): 'pending' | 'approved' => (userId !== ownerId && reviews.get(userId) !== false ? 'pending' : 'approved');
}

export const CARD_OPTIONS = { comments: 2, commentsMode: 'newest', replies: 0, likers: SOCIAL_CONTEXT_LIKERS } as const;
export const PAGE_OPTIONS = { comments: 24, commentsMode: 'oldest', replies: 3, likers: SOCIAL_CONTEXT_LIKERS, rings: true } as const;

/** The rules of posts: publishing uploads, deleting, likes and saves, and who may do what. */
export function createPostsService(repo: PostsRepository, hydrate: MediaHydrator, storage: Storage, nextId: IdGenerator, activity: Activity, timelines: Pick<Timelines, 'published'>, summaries: Pick<PostSummaries, 'forget'>, places: Pick<Places, 'forPost'>, rules?: Pick<InteractionRules, 'checkMentions' | 'checkUsertags'>) {
  async function one(mediaId: string, viewerId: string, options = CARD_OPTIONS): Promise<MediaNode> {
    const [node] = await hydrate([mediaId], viewerId, options);
    if (!node) throw postNotFound();
    return node;
  }

  /** The post, when the viewer may see it; a 404 otherwise (its existence is not revealed). */
  async function visible(mediaId: string, viewerId: string | null) {
    const post = await repo.findVisible(mediaId, viewerId);
    if (!post) throw postNotFound();
    return post;
  }

  return {
    visible,

    /** What other features call once a write of theirs that changes the post (a comment, a tag review) committed. */
    changed: (mediaId: string) => summaries.forget(mediaId),

    async publish(ownerId: string, input: PostInput): Promise<MediaNode> {
      const uploads = await Promise.all(input.items.map((it) => repo.findUpload(ownerId, it.uploadId)));
      const missing = input.items.find((_, i) => !uploads[i]);
      if (missing) throw badRequest(`No upload with id ${missing.uploadId}. Upload the file first.`);
      // Configuring the same upload again answers the post it made (the client may retry).
      const published = uploads.find((u) => u!.media_id);
      if (published) {
        if (uploads.some((u) => u!.media_id !== published.media_id)) throw conflict('One of these uploads is already in another post.');
        return one(published.media_id!, ownerId);
      }
      if (uploads.some((u) => u!.status === 'failed')) throw badRequest('One of these videos could not be processed. Upload it again.');

      const taggedIds = [...new Set(input.items.flatMap((it) => it.usertags.map((t) => t.user_id)))];
      const [tagged, mentioned] = await Promise.all([repo.usersByIds(taggedIds), repo.usersByUsernames(mentionsToNotify(input.caption))]);
      if (tagged.length !== taggedIds.length) throw badRequest('Some tagged people do not exist.');
      await rules?.checkUsertags(ownerId, taggedIds);
      await rules?.checkMentions(ownerId, input.caption);
      const locationId = await places.forPost(ownerId, input.place);

      const status = tagStatuses(ownerId, tagged);
      const items: NewItem[] = input.items.map((it, i) => {
        const u = uploads[i]!;
        const pending = u.kind === 'video' && u.status === 'processing';
        return {
          kind: u.kind, width: u.width, height: u.height, thumbhash: u.thumbhash, variants: u.variants,
          video_key: pending ? `pending:${u.upload_id}` : u.video_key, poster_key: u.poster_key, duration_ms: u.duration_ms,
          accessibility_caption: it.alt, usertags: it.usertags.map((t) => ({ ...t, status: status(t.user_id) })),
        };
      });
      const mediaId = nextId();
      try {
        await repo.insertMedia({
          id: mediaId,
          owner_id: ownerId,
          media_type: items.length > 1 ? 'sidecar' : items[0]!.kind === 'video' ? 'video' : 'image',
          status: items.some((it) => it.video_key?.startsWith('pending:')) ? 'processing' : 'ready',
          caption: input.caption,
          accessibility_caption: items.length === 1 ? items[0]!.accessibility_caption : null,
          location_id: locationId,
          items,
          hashtags: input.hashtags,
          mention_ids: mentioned.map((m) => m.id).filter((id) => id !== ownerId),
          upload_ids: input.items.map((it) => it.uploadId),
        });
      } catch (err) {
        if (!(err instanceof UploadAlreadyUsed)) throw err;
        const again = await repo.findUpload(ownerId, input.items[0]!.uploadId);
        if (again?.media_id) return one(again.media_id, ownerId);
        throw conflict('One of these uploads is already in another post.');
      }
      await timelines.published(mediaId, ownerId);
      const mentionIds = mentioned.map((m) => m.id);
      await activity.record([
        ...mentionIds.map((userId) => ({ userId, actorId: ownerId, type: 'mention' as const, mediaId, text: input.caption })),
        ...taggedIds.map((userId) => ({ userId, actorId: ownerId, type: 'usertag' as const, mediaId })),
      ]);
      return one(mediaId, ownerId);
    },

    async remove(mediaId: string, viewerId: string): Promise<void> {
      const post = await visible(mediaId, viewerId);
      if (post.owner_id !== viewerId) throw forbidden('Only the owner can delete this post.');
      const files = await repo.deleteMedia(mediaId);
      await summaries.forget(mediaId);
      // The rows are gone (committed); the files follow, and a failure here only leaves garbage.
      await Promise.allSettled(files.map((key) => storage.remove(key)));
    },

    async like(mediaId: string, viewerId: string) {
      const post = await visible(mediaId, viewerId);
      if (!(await repo.like(mediaId, viewerId, nextId()))) return;
      await summaries.forget(mediaId);
      await activity.record([{ userId: post.owner_id, actorId: viewerId, type: 'like', mediaId }]);
    },
    async unlike(mediaId: string, viewerId: string) {
      await visible(mediaId, viewerId);
      if (await repo.unlike(mediaId, viewerId)) await summaries.forget(mediaId);
      await activity.forget({ actorId: viewerId, type: 'like', mediaId });
    },
    async save(mediaId: string, viewerId: string) {
      await visible(mediaId, viewerId);
      await repo.save(mediaId, viewerId, nextId());
    },
    async unsave(mediaId: string, viewerId: string) {
      await visible(mediaId, viewerId);
      await repo.unsave(mediaId, viewerId);
    },

    likeCount: (mediaId: string) => repo.likeCount(mediaId),
    commentCount: (mediaId: string) => repo.commentCount(mediaId),

    /** The post page: the post with its first 24 parent comments and their first replies. */
    async page(mediaId: string, viewerId: string | null): Promise<MediaNode> {
      await visible(mediaId, viewerId);
      const [node] = await hydrate([mediaId], viewerId, PAGE_OPTIONS);
      if (!node) throw postNotFound();
      return node;
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
