import type { ReportedThing, ReportObjectType } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';
import { idToShortcode } from '../../platform/shortcodes.js';
import type { Storage } from '../../platform/storage.js';
import type { UserSummaries } from '../accounts/user-summaries.js';
import { createCommentModerationRepository } from '../comments/moderation.repository.js';
import { createDirectModerationRepository } from '../direct/moderation.repository.js';
import { createPostModerationRepository } from '../posts/moderation.repository.js';
import { createStoryModerationRepository } from '../stories/moderation.repository.js';
import type { ModerationRepository } from './repository.js';

export interface ThingRef {
  object_type: ReportObjectType;
  object_id: string;
}

/** A thing as a moderator judges it, with its owner (null when it is gone for good). */
export interface JudgedThing {
  ownerId: string | null;
  thing: ReportedThing;
  /** A comment's post: where it is seen. */
  mediaId?: string;
}

export const thingKey = (t: ThingRef) => `${t.object_type}:${t.object_id}`;

const smallest = (variants: ImageVariant[] | null | undefined) => (variants?.length ? [...variants].sort((a, b) => a.width - b.width)[0] : undefined);

/**
 * Reads reported things of every type for the moderation screens, a batch per type (no query per
 * report), removed ones too: a moderator sees what they judge, whatever the access rules hide.
 */
export function createThings(db: Db, repo: ModerationRepository, storage: Storage, users: UserSummaries) {
  const posts = createPostModerationRepository(db);
  const comments = createCommentModerationRepository(db);
  const stories = createStoryModerationRepository(db);
  const messages = createDirectModerationRepository(db);

  return {
    posts,

    async many(refs: readonly ThingRef[]): Promise<Map<string, JudgedThing>> {
      const idsOf = (type: ReportObjectType) => [...new Set(refs.filter((r) => r.object_type === type).map((r) => r.object_id))].filter((id) => /^\d{1,20}$/.test(id));
      const [postRows, commentRows, storyRows, messageRows, people, removed, standing] = await Promise.all([
        posts.things(idsOf('media')), comments.things(idsOf('comment')), stories.things(idsOf('story')), messages.things(idsOf('direct_message')),
        users.many(idsOf('user')), repo.removedAmong(refs), repo.standingOf(idsOf('user')),
      ]);
      const out = new Map<string, JudgedThing>();
      const base = (ref: ThingRef) => ({ object_type: ref.object_type, object_id: ref.object_id, url: null, text: null, thumbnail_url: null, removed: removed.has(thingKey(ref)), sensitive: false });
      const set = (ref: ThingRef, ownerId: string | null, thing: Partial<ReportedThing>, mediaId?: string) =>
        out.set(thingKey(ref), { ownerId, thing: { ...base(ref), ...thing }, ...(mediaId ? { mediaId } : {}) });
      for (const p of postRows) {
        const v = smallest(p.variants);
        set({ object_type: 'media', object_id: p.id }, p.owner_id, { url: `/p/${idToShortcode(p.id)}/`, text: p.caption || null, thumbnail_url: v ? storage.url(v.key) : null, sensitive: p.sensitive_at !== null });
      }
      for (const c of commentRows) set({ object_type: 'comment', object_id: c.id }, c.user_id, { url: `/p/${idToShortcode(c.media_id)}/`, text: c.text }, c.media_id);
      for (const s of storyRows) {
        const v = smallest(s.variants);
        set({ object_type: 'story', object_id: s.id }, s.owner_id, { thumbnail_url: v ? storage.url(v.key) : null });
      }
      for (const m of messageRows) set({ object_type: 'direct_message', object_id: m.id }, m.user_id, { text: m.text });
      for (const [id, u] of people) {
        set({ object_type: 'user', object_id: id }, id, {
          url: `/${u.username}/`, text: u.full_name || null, thumbnail_url: u.profile_pic_key ? storage.url(u.profile_pic_key) : null, removed: standing.get(id)?.suspended ?? false,
        });
      }
      // Gone for good (deleted by its owner): still listed, so that the report can be closed.
      for (const ref of refs) if (!out.has(thingKey(ref))) set(ref, null, {});
      return out;
    },
  };
}
export type Things = ReturnType<typeof createThings>;
