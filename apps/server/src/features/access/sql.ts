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
 * The aliases a caller gave a post and its owner (`users`) in its query; the fragments below
 * name their columns through them, so a caller picks its own names.
 */
export interface MediaAliases {
  media: string;
  owner: string;
}

/** The same for a story and its owner. */
export interface StoryAliases {
  story: string;
  owner: string;
}

const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/**
 * Who may see a post: anyone when its owner is public; otherwise its owner, their followers and
 * the people tagged in it (to review the tag and see where they are; a tag is no way into the
 * owner's other posts, and a stranger still sees none of it, on the tagged person's Tagged tab
 * neither); never across a block, either way. A post still being processed is its owner's alone.
 */
export function mediaVisibleSql(viewerId: string | null, as: MediaAliases) {
  const ownerId = col(as.media, 'owner_id');
  const ready = sql<boolean>`${col(as.media, 'status')} = 'ready'`;
  const ownerPublic = sql<boolean>`${col(as.owner, 'is_private')} = false`;
  if (!viewerId) return sql<boolean>`(${ownerPublic} and ${ready})`;
  return sql<boolean>`(${ownerId} = ${viewerId} or (${ready}
    and (${ownerPublic} or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${ownerId})
      or exists (select 1 from usertags t where t.media_id = ${col(as.media, 'id')} and t.user_id = ${viewerId}))
    and ${notBlockedSql(viewerId, ownerId)}))`;
}

/**
 * A post anyone may see, logged out too: what public counts count (a hashtag's, shown to visitors,
 * strangers, search and the directory).
 */
export const publicMediaSql = (as: MediaAliases) => mediaVisibleSql(null, as);

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
 * when it is ready, when they may see the owner's content (a public account, or a follower of a
 * private one; never across a block), and, for a close friends' story, only when the owner lists
 * them as a close friend. Logged out: public stories of public accounts. `liveAt` is the time a
 * story must not have expired by (a reel, a tray, a ring); null where a story outlives its expiry,
 * kept in a highlight.
 */
export function storyVisibleSql(viewerId: string | null, as: StoryAliases, liveAt: Date | null) {
  const ownerId = col(as.story, 'owner_id');
  const ready = liveAt
    ? sql<boolean>`(${col(as.story, 'status')} = 'ready' and ${col(as.story, 'expiring_at')} > ${liveAt})`
    : sql<boolean>`${col(as.story, 'status')} = 'ready'`;
  const ownerPublic = sql<boolean>`${col(as.owner, 'is_private')} = false`;
  const forEveryone = sql<boolean>`${col(as.story, 'audience')} = 'everyone'`;
  if (!viewerId) return sql<boolean>`(${ready} and ${ownerPublic} and ${forEveryone})`;
  return sql<boolean>`(${ownerId} = ${viewerId} or (${ready}
    and (${ownerPublic} or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${ownerId}))
    and (${forEveryone} or exists (select 1 from close_friends cf where cf.owner_id = ${ownerId} and cf.friend_id = ${viewerId}))
    and ${notBlockedSql(viewerId, ownerId)}))`;
}
