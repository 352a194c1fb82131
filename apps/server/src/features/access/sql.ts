import { sql, type RawBuilder } from 'kysely';

/**
 * The access rules as SQL, for the few reads that must filter inside a keyset scan (a grid of
 * posts, activity, suggestions): the same rules the access service applies to hydrated rows.
 * No other module writes a predicate over blocks or privacy.
 */

/**
 * True when the user in `userColumn` is there for the viewer (an id, or a column): not gone
 * (suspended, deactivated or being deleted) and no block stands between the two, either way.
 */
export function notBlockedSql(viewerId: string | RawBuilder<unknown>, userColumn: RawBuilder<unknown>) {
  return sql<boolean>`(${notGoneSql(userColumn)} and not exists (select 1 from blocks b
    where (b.blocker_id = ${userColumn} and b.blocked_id = ${viewerId}) or (b.blocker_id = ${viewerId} and b.blocked_id = ${userColumn})))`;
}

/**
 * True unless the account in `userColumn` is gone: a moderator suspended it, or its person
 * deactivated it or asked to delete it. Then it and all it made are gone for everyone else.
 */
export function notGoneSql(userColumn: RawBuilder<unknown>) {
  return sql<boolean>`(not exists (select 1 from account_standing st where st.user_id = ${userColumn} and st.suspended_at is not null)
    and not exists (select 1 from account_departures ad where ad.user_id = ${userColumn}))`;
}

/** True unless a moderator limited the account in `userColumn`: a limited one is left out of search, explore and suggestions. */
export function notLimitedSql(userColumn: RawBuilder<unknown>) {
  return sql<boolean>`not exists (select 1 from account_standing sl where sl.user_id = ${userColumn} and sl.limited_at is not null)`;
}

/** What a moderator can take down, as `moderation_removals.object_type` names it. */
export type RemovableType = 'media' | 'comment' | 'story' | 'direct_message';

/**
 * True unless a moderator removed the thing of this type whose id is in `idColumn`: gone for
 * everyone, its owner too (who sees it only through their strike).
 */
export function notRemovedSql(type: RemovableType, idColumn: RawBuilder<unknown>) {
  return sql<boolean>`not exists (select 1 from moderation_removals mr where mr.object_type = ${type} and mr.object_id = (${idColumn})::text)`;
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
 * A post a moderator removed, or one of a gone account (suspended, deactivated, being deleted), is nobody's, its owner's neither.
 */
export function mediaVisibleSql(viewerId: string | null, as: MediaAliases) {
  const ownerId = col(as.media, 'owner_id');
  const ready = sql<boolean>`${col(as.media, 'status')} = 'ready'`;
  const ownerPublic = sql<boolean>`${col(as.owner, 'is_private')} = false`;
  // A removed post, or one of a gone account, is gone for everyone, its owner too.
  const standing = sql<boolean>`${notRemovedSql('media', col(as.media, 'id'))} and ${notGoneSql(ownerId)}`;
  if (!viewerId) return sql<boolean>`(${ownerPublic} and ${ready} and ${standing})`;
  return sql<boolean>`(${standing} and (${ownerId} = ${viewerId} or (${ready}
    and (${ownerPublic} or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${ownerId})
      or exists (select 1 from usertags t where t.media_id = ${col(as.media, 'id')} and t.user_id = ${viewerId}))
    and ${notBlockedSql(viewerId, ownerId)})))`;
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
 * account, not the viewer, not followed by the viewer yet, not limited by a moderator, and no block
 * stands between them (nor is it gone).
 */
export function exploreOwnerSql(viewerId: string, ownerColumn: RawBuilder<unknown>) {
  return sql<boolean>`(${ownerColumn} <> ${viewerId}
    and exists (select 1 from users ou where ou.id = ${ownerColumn} and ou.is_private = false)
    and ${notLimitedSql(ownerColumn)}
    and not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${ownerColumn})
    and ${notBlockedSql(viewerId, ownerColumn)})`;
}

/**
 * Who may see a story: its owner always (expired, processing or not: the archive); anyone else only
 * when it is ready, when they may see the owner's content (a public account, or a follower of a
 * private one; never across a block), and, for a close friends' story, only when the owner lists
 * them as a close friend. Logged out: public stories of public accounts. `liveAt` is the time a
 * story must not have expired by (a reel, a tray, a ring); null where a story outlives its expiry,
 * kept in a highlight. A removed story, or one of a gone account, is nobody's.
 */
export function storyVisibleSql(viewerId: string | null, as: StoryAliases, liveAt: Date | null) {
  const ownerId = col(as.story, 'owner_id');
  const ready = liveAt
    ? sql<boolean>`(${col(as.story, 'status')} = 'ready' and ${col(as.story, 'expiring_at')} > ${liveAt})`
    : sql<boolean>`${col(as.story, 'status')} = 'ready'`;
  const ownerPublic = sql<boolean>`${col(as.owner, 'is_private')} = false`;
  const forEveryone = sql<boolean>`${col(as.story, 'audience')} = 'everyone'`;
  const standing = sql<boolean>`${notRemovedSql('story', col(as.story, 'id'))} and ${notGoneSql(ownerId)}`;
  if (!viewerId) return sql<boolean>`(${ready} and ${ownerPublic} and ${forEveryone} and ${standing})`;
  return sql<boolean>`(${standing} and (${ownerId} = ${viewerId} or (${ready}
    and (${ownerPublic} or exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${ownerId}))
    and (${forEveryone} or exists (select 1 from close_friends cf where cf.owner_id = ${ownerId} and cf.friend_id = ${viewerId}))
    and ${notBlockedSql(viewerId, ownerId)})))`;
}
