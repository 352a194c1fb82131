import { MAX_USERTAGS, type MediaNode } from '@shutter/contract';
import { badRequest, forbidden, postNotFound } from '../../platform/errors.js';
import type { Activity } from '../activity/service.js';
import { mentionsToNotify } from './caption.js';
import { tooManyTags } from './configure-input.js';
import type { PostEdit } from './edit-input.js';
import { TooManyTags, type PostEditRepository, type StoredEdit, type StoredItem } from './edit.repository.js';
import type { PostsRepository } from './repository.js';
import { tagStatuses, type PostsService } from './service.js';
import type { InteractionRules } from '../settings/rules.js';

const noSuchPeople = () => badRequest('Some tagged people do not exist.');
const isForeignKeyViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: string }).code === '23503';

/** The items an edit changes, by position; a 400 when its shape does not fit the post. */
export function itemChanges(current: StoredItem[], items: NonNullable<PostEdit['items']>): NonNullable<StoredEdit['items']> {
  if (items.form === 'single' && current.length !== 1) {
    throw badRequest("This post is a carousel: send its items' tags and alt text in children_metadata, one entry per item.");
  }
  if (items.form === 'children' && items.edits.length !== current.length) {
    throw badRequest(`children_metadata needs one entry per item of the post (${current.length}).`);
  }
  return items.edits.map((edit, i) => ({ position: current[i]!.position, ...edit })).filter((it) => it.usertags !== undefined || it.alt !== undefined);
}

/**
 * Editing a post: its owner changes the caption (hashtags and mentions follow it), the place, and
 * each item's people tags and alt text. People newly mentioned or tagged are told; a tag taken
 * back takes its notification with it. Mentions dropped from the caption keep theirs: what was
 * said was said.
 */
export function createPostEdit(repo: PostEditRepository, users: Pick<PostsRepository, 'usersByIds' | 'usersByUsernames'>, posts: PostsService, activity: Activity, rules?: Pick<InteractionRules, 'checkMentions' | 'checkUsertags'>) {
  return async function edit(mediaId: string, viewerId: string, input: PostEdit): Promise<MediaNode> {
    const post = await posts.visible(mediaId, viewerId);
    if (post.owner_id !== viewerId) throw forbidden('Only the owner can edit this post.');
    const current = await repo.items(mediaId);
    const items = input.items ? itemChanges(current, input.items) : undefined;

    const changed = new Map((items ?? []).map((it) => [it.position, it]));
    const tagsAfter = current.map((it) => changed.get(it.position)?.usertags ?? it.usertags);
    if (tagsAfter.reduce((n, tags) => n + tags.length, 0) > MAX_USERTAGS) throw tooManyTags();
    const taggedIds = [...new Set((items ?? []).flatMap((it) => (it.usertags ?? []).map((t) => t.user_id)))];
    const [found, mentioned] = await Promise.all([
      users.usersByIds(taggedIds),
      input.caption ? users.usersByUsernames(mentionsToNotify(input.caption.caption)) : Promise.resolve([]),
    ]);
    if (found.length !== taggedIds.length) throw noSuchPeople();
    // Tags already on the post stand; only people newly tagged are asked about.
    const alreadyTagged = new Set(current.flatMap((it) => it.usertags.map((t) => t.user_id)));
    await rules?.checkUsertags(viewerId, taggedIds.filter((id) => !alreadyTagged.has(id)));
    if (input.caption) await rules?.checkMentions(viewerId, input.caption.caption);

    let outcome;
    try {
      outcome = await repo.apply({
        mediaId,
        single: current.length === 1,
        newTagStatus: tagStatuses(viewerId, found),
        ...(input.caption ? { caption: { ...input.caption, mentionIds: mentioned.map((m) => m.id).filter((id) => id !== viewerId) } } : {}),
        ...(input.place !== undefined ? { place: { choice: input.place, authorId: viewerId } } : {}),
        ...(items ? { items } : {}),
      });
    } catch (err) {
      if (err instanceof TooManyTags) throw tooManyTags();
      // A tagged account deleted since it was looked up.
      if (isForeignKeyViolation(err)) throw noSuchPeople();
      throw err;
    }
    if (!outcome) throw postNotFound();
    await posts.changed(mediaId);

    await activity.record([
      ...outcome.mentioned.map((userId) => ({ userId, actorId: viewerId, type: 'mention' as const, mediaId, text: input.caption?.caption ?? null })),
      ...outcome.tagged.map((userId) => ({ userId, actorId: viewerId, type: 'usertag' as const, mediaId })),
    ]);
    await Promise.all(outcome.untagged.map((userId) => activity.forget({ actorId: viewerId, type: 'usertag', mediaId, userId })));
    return posts.page(mediaId, viewerId);
  };
}
export type PostEditor = ReturnType<typeof createPostEdit>;
