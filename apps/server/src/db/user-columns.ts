import { sql } from 'kysely';

/** The columns of a user summary (what presentUserSummary needs), for selects joined on `users`. */
export const USER_SUMMARY_COLUMNS = ['users.id', 'users.username', 'users.full_name', 'users.profile_pic_key', 'users.is_private', 'users.is_verified'] as const;

/**
 * How the viewer stands with each listed person (`users` in scope): whether the viewer follows
 * them or asked to, and whether they follow the viewer ("Follow Back"). All false for a visitor.
 */
export function viewerRelationColumns(viewerId: string | null) {
  if (!viewerId) return [sql<boolean>`false`.as('followed_by_viewer'), sql<boolean>`false`.as('requested_by_viewer'), sql<boolean>`false`.as('follows_viewer')];
  return [
    sql<boolean>`exists (select 1 from follows v where v.follower_id = ${viewerId} and v.followee_id = users.id)`.as('followed_by_viewer'),
    sql<boolean>`exists (select 1 from follow_requests r where r.requester_id = ${viewerId} and r.target_id = users.id)`.as('requested_by_viewer'),
    sql<boolean>`exists (select 1 from follows b where b.follower_id = users.id and b.followee_id = ${viewerId})`.as('follows_viewer'),
  ];
}

/** Those three as the booleans a list row carries. */
export const presentRelation = (r: { followed_by_viewer: unknown; requested_by_viewer: unknown; follows_viewer: unknown }) => ({
  followed_by_viewer: Boolean(r.followed_by_viewer),
  requested_by_viewer: Boolean(r.requested_by_viewer),
  follows_viewer: Boolean(r.follows_viewer),
});
