import { sql } from 'kysely';

/**
 * Who may see a post: anyone when its owner is public; otherwise its owner and their followers;
 * never across a block, either way. A post still being processed is its owner's alone. Needs `media` and its owner as `owner` in scope.
 */
export function mediaVisibleTo(viewerId: string | null) {
  if (!viewerId) return sql<boolean>`(owner.is_private = false and media.status = 'ready')`;
  return sql<boolean>`(media.owner_id = ${viewerId} or (media.status = 'ready'
    and (owner.is_private = false or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = media.owner_id))
    and not exists (select 1 from blocks b where (b.blocker_id = media.owner_id and b.blocked_id = ${viewerId})
      or (b.blocker_id = ${viewerId} and b.blocked_id = media.owner_id))))`;
}

