import { COMMENT_MAX_LENGTH, type CommentNode } from '@shutter/contract';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { badRequest, failWith, forbidden, notFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Activity } from '../activity/service.js';
import { mentionsToNotify } from '../posts/caption.js';
import { presentUserSummary } from '../../platform/presenters.js';
import { presentRelation } from '../friendships/repository.js';
import type { Storage } from '../../platform/storage.js';
import type { PostsService } from '../posts/service.js';
import type { Access } from '../access/service.js';
import type { CommentHydrator } from './hydrate.js';
import type { CommentsRepository } from './repository.js';
import type { StoryRings } from '../stories/rings.js';
import type { InteractionRules } from '../settings/rules.js';

/** Comments, replies and comment likes, on posts the viewer may see. */
export function createCommentsService(repo: CommentsRepository, posts: PostsService, hydrator: CommentHydrator, access: Access, storage: Storage, nextId: IdGenerator, activity: Activity, users: { idsOfUsernames(names: string[]): Promise<string[]> }, rings: Pick<StoryRings, 'attach'>, rules?: Pick<InteractionRules, 'checkMentions'>) {
  /** The comment and its post, when the viewer may see that post. */
  async function visibleComment(commentId: string, viewerId: string | null) {
    const comment = await repo.find(commentId);
    if (!comment) throw notFound('Comment not found.');
    const post = await posts.visible(comment.media_id, viewerId);
    return { comment, post };
  }

  return {
    async add(mediaId: string, viewerId: string, rawText: string, repliedTo: string | undefined): Promise<CommentNode> {
      const post = await posts.visible(mediaId, viewerId);
      if (post.comments_disabled) throw failWith(403, { code: 'comments_off' });
      const text = rawText.trim();
      if (!text) throw failWith(400, { code: 'comment_empty' });
      if (text.length > COMMENT_MAX_LENGTH) throw failWith(400, { code: 'comment_long', params: { max: COMMENT_MAX_LENGTH } });
      let parentId: string | null = null;
      if (repliedTo) {
        const parent = await repo.find(repliedTo);
        if (!parent || parent.media_id !== mediaId) throw badRequest('The comment you are replying to is not on this post.');
        // A reply to a reply joins the same thread, under its top comment.
        parentId = parent.parent_id ?? parent.id;
      }
      await rules?.checkMentions(viewerId, text);
      const id = nextId();
      await repo.insert({ id, media_id: mediaId, user_id: viewerId, parent_id: parentId, text });
      await posts.changed(mediaId);
      const mentioned = (await users.idsOfUsernames(mentionsToNotify(text))).filter((m) => m !== post.owner_id);
      await activity.record([
        { userId: post.owner_id, actorId: viewerId, type: 'comment', mediaId, commentId: id, text },
        ...mentioned.map((userId) => ({ userId, actorId: viewerId, type: 'mention' as const, mediaId, commentId: id, text })),
      ]);
      const [node] = await hydrator.hydrate([(await repo.byId(id))!], viewerId, new Map([[mediaId, post.owner_id]]), 0);
      return node!;
    },

    async remove(mediaId: string, commentId: string, viewerId: string) {
      const { comment, post } = await visibleComment(commentId, viewerId);
      if (comment.media_id !== mediaId) throw notFound('Comment not found.');
      if (comment.user_id !== viewerId && post.owner_id !== viewerId) throw forbidden('You can delete your own comments, or any comment on your posts.');
      await repo.remove(comment);
      await posts.changed(mediaId);
    },

    async like(commentId: string, viewerId: string) {
      const { comment } = await visibleComment(commentId, viewerId);
      await repo.like(commentId, viewerId, nextId());
      // A post's card previews its comments with their like counts: what was kept of the post goes.
      await posts.changed(comment.media_id);
      await activity.forget({ actorId: viewerId, type: 'comment_like', commentId });
      await activity.record([{ userId: comment.user_id, actorId: viewerId, type: 'comment_like', mediaId: comment.media_id, commentId }]);
    },

    async unlike(commentId: string, viewerId: string) {
      const { comment } = await visibleComment(commentId, viewerId);
      await repo.unlike(commentId, viewerId);
      await posts.changed(comment.media_id);
      await activity.forget({ actorId: viewerId, type: 'comment_like', commentId });
    },

    async parents(mediaId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const post = await posts.visible(mediaId, viewerId);
      const rows = await repo.parents(mediaId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(rows, first, (r) => [r.id]);
      const ownerOf = new Map([[mediaId, post.owner_id]]);
      const shown = await hydrator.keepShown(await access.keepVisibleUsers(viewerId, items, (r) => r.user_id), viewerId, ownerOf);
      const nodes = await hydrator.hydrate(shown, viewerId, ownerOf, 3);
      const count = await posts.commentCount(mediaId);
      return { count, edges: nodes.map((node) => ({ node })), page_info };
    },

    async replies(commentId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      const { comment, post } = await visibleComment(commentId, viewerId);
      const rows = await repo.replies(comment.parent_id ?? comment.id, first, decodeIdCursor(after));
      const { items, page_info } = toPage(rows, first, (r) => [r.id]);
      const ownerOf = new Map([[post.id, post.owner_id]]);
      const shown = await hydrator.keepShown(await access.keepVisibleUsers(viewerId, items, (r) => r.user_id), viewerId, ownerOf);
      const nodes = await hydrator.hydrate(shown, viewerId, ownerOf, 0);
      const { reply_count } = await repo.counts(comment.parent_id ?? comment.id);
      return { count: reply_count, edges: nodes.map((node) => ({ node })), page_info };
    },

    async likers(commentId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await visibleComment(commentId, viewerId);
      const rows = await repo.likers(commentId, viewerId, first, decodeIdCursor(after));
      const { items, page_info } = toPage(rows, first, (r) => [r.like_id]);
      const shown = await access.keepVisibleUsers(viewerId, items, (r) => r.id);
      const [{ like_count }, people] = await Promise.all([
        repo.counts(commentId), rings.attach(viewerId, shown.map((r) => ({ ...presentUserSummary(r, storage), ...presentRelation(r) }))),
      ]);
      return { count: like_count, edges: people.map((node) => ({ node })), page_info };
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
