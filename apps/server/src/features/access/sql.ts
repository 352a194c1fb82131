import { sql, type RawBuilder } from 'kysely';

/**
 * The access rules as SQL, for the few reads that must filter inside a keyset scan (a grid of
 * posts, activity, suggestions): the same rules the access service applies to hydrated rows.
 * No other module writes a predicate over blocks or privacy.
 */

/** True when no block stands between the viewer (an id, or a column) and the user in `userColumn`, either way. */
export function notBlockedSql(viewerId: string | RawBuilder<unknown>, userColumn: RawBuilder<unknown>) {
  return sql<boolean>`not exists (select 1 from blocks b
    where (b.blocker_id = ${userColumn} and b.blocked_id = ${viewerId}) or (b.blocker_id = ${viewerId} and b.blocked_id = ${userColumn}))`;
}

/**
 * Who may see a post: anyone when its owner is public; otherwise its owner, their followers and
 * the people tagged in it (to review the tag and see where they are; a tag is no way into the
 * owner's other posts, and a stranger still sees none of it, on the tagged person's Tagged tab
 * neither); never across a block, either way. A post still being processed is its owner's alone.
 * Needs `media` and its owner as `owner` in scope.
 */
export function mediaVisibleSql(viewerId: string | null) {
  if (!viewerId) return sql<boolean>`(owner.is_private = false and media.status = 'ready')`;
  return sql<boolean>`(media.owner_id = ${viewerId} or (media.status = 'ready'
    and (owner.is_private = false or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = media.owner_id)
      or exists (select 1 from usertags t where t.media_id = media.id and t.user_id = ${viewerId}))
    and ${notBlockedSql(viewerId, sql.ref('media.owner_id'))}))`;
}

/**
 * A post anyone may see, logged out too: what public counts count (a hashtag's, shown to visitors,
 * strangers, search and the directory). Needs `media` and its owner as `owner` in scope.
 */
export const publicMediaSql = () => mediaVisibleSql(null);

/**
 * The accounts whose posts a viewer may see beyond those anyone may see: their own, and the
 * accounts they follow (a private account's), as an array of ids. It narrows a scan to an index
 * (`owner_id = any(...)`); mediaVisibleSql still decides each post.
 */
export function ownersBeyondPublicSql(viewerId: string) {
  return sql<string[]>`(array(select f.followee_id from follows f where f.follower_id = ${viewerId}) || ${viewerId}::bigint)`;
}

/**
 * Who explore may offer to the viewer as a stranger's post: the owner in `ownerColumn` is a public
 * account, not the viewer, not followed by the viewer yet, and no block stands between them.
 */
export function exploreOwnerSql(viewerId: string, ownerColumn: RawBuilder<unknown>) {
  return sql<boolean>`(${ownerColumn} <> ${viewerId}
    and exists (select 1 from users ou where ou.id = ${ownerColumn} and ou.is_private = false)
    and not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${ownerColumn})
    and ${notBlockedSql(viewerId, ownerColumn)})`;
}

/**
 * Who may see a story: its owner always (expired, processing or not: the archive); anyone else only
 * while it is live and ready, when they may see the owner's content (a public account, or a
 * follower of a private one; never across a block), and, for a close friends' story, only when
 * the owner lists them as a close friend. Logged out: live public stories of public accounts
 * shown to everyone. `now` is the expiry's reference. Needs `stories` as `story` and its owner
 * as `owner` in scope.
 */
export function storyVisibleSql(viewerId: string | null, now: Date) {
  const live = sql<boolean>`(story.status = 'ready' and story.expiring_at > ${now})`;
  if (!viewerId) return sql<boolean>`(${live} and owner.is_private = false and story.audience = 'everyone')`;
  return sql<boolean>`(story.owner_id = ${viewerId} or (${live}
    and (owner.is_private = false or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = story.owner_id))
    and (story.audience = 'everyone' or exists (select 1 from close_friends cf where cf.owner_id = story.owner_id and cf.friend_id = ${viewerId}))
    and ${notBlockedSql(viewerId, sql.ref('story.owner_id'))}))`;
}

/**
 * A story kept in a highlight outlives its expiry there: the same rule as storyVisibleSql but
 * without the expiry (still ready, the owner's content visible, close friends' only to them).
 */
export function highlightStoryVisibleSql(viewerId: string | null) {
  if (!viewerId) return sql<boolean>`(story.status = 'ready' and owner.is_private = false and story.audience = 'everyone')`;
  return sql<boolean>`(story.owner_id = ${viewerId} or (story.status = 'ready'
    and (owner.is_private = false or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = story.owner_id))
    and (story.audience = 'everyone' or exists (select 1 from close_friends cf where cf.owner_id = story.owner_id and cf.friend_id = ${viewerId}))
    and ${notBlockedSql(viewerId, sql.ref('story.owner_id'))}))`;
}
