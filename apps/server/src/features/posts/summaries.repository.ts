import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ImageVariant } from '../../db/schema.js';
import { inSql } from '../../db/table-ref.js';
import type { UserSummaryRow } from '../../platform/presenters.js';
import { usersAs } from '../accounts/repository.js';
import { mediaItemsAs, usertagsAs } from './tables.repository.js';

/** A post's item as stored (ids as text: JSON numbers lose bigints). */
export interface ItemRow { position: number; kind: 'image' | 'video'; width: number; height: number; thumbhash: string | null; variants: ImageVariant[]; video_key: string | null; poster_key: string | null; duration_ms: number | null; accessibility_caption: string | null }
/** A people tag with its review status: who sees a pending one is decided per viewer, at hydration. */
export interface TagRow { position: number; x: number; y: number; status: 'pending' | 'approved'; user_id: string }

type TaggedUser = TagRow & Omit<UserSummaryRow, 'id'>;

/** The statement behind the post summaries: posts with their items, owner and tagged people. */
export function createSummaryReads(db: Db) {
  return {
    postsWithPeople(ids: string[]) {
      return db
        .selectFrom('media')
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
        .select([
          'media.id', 'media.owner_id', 'media.media_type', 'media.status', 'media.caption', 'media.accessibility_caption', 'media.like_count',
          'media.comment_count', 'media.comments_disabled', 'media.sensitive_at', 'media.created_at', 'owner.username', 'owner.full_name', 'owner.profile_pic_key',
          'owner.is_private', 'owner.is_verified', 'media.location_id',
        ])
        .select(sql<ItemRow[]>`(select coalesce(json_agg(json_build_object('position', i.position, 'kind', i.kind, 'width', i.width, 'height', i.height,
          'thumbhash', i.thumbhash, 'variants', i.variants, 'video_key', i.video_key, 'poster_key', i.poster_key, 'duration_ms', i.duration_ms,
          'accessibility_caption', i.accessibility_caption) order by i.position), '[]') from ${inSql(mediaItemsAs('i'))} where i.media_id = media.id)`.as('items'))
        .select(sql<TaggedUser[]>`(select coalesce(json_agg(json_build_object('position', t.position, 'x', t.x, 'y', t.y, 'status', t.status,
          'user_id', u.id::text, 'username', u.username, 'full_name', u.full_name, 'profile_pic_key', u.profile_pic_key,
          'is_private', u.is_private, 'is_verified', u.is_verified) order by t.position, t.user_id), '[]')
          from ${inSql(usertagsAs('t'))} join ${inSql(usersAs('u'))} on u.id = t.user_id where t.media_id = media.id)`.as('tags'))
        .where('media.id', 'in', ids)
        .execute();
    },
  };
}
