import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { presentUserSummary } from '../../platform/presenters.js';
import type { Storage } from '../../platform/storage.js';

interface Candidate {
  id: string;
  username: string;
  full_name: string;
  profile_pic_key: string | null;
  is_private: boolean;
  is_verified: boolean;
  mutual: string;
  via: string | null;
}

/**
 * Suggested accounts: friends of friends first (followed by more of the people the viewer follows
 * ranks higher), then the most followed accounts, never someone already followed, requested,
 * blocked either way, dismissed, or already seen by the client.
 */
export function createSuggestions(db: Db, storage: Storage) {
  const excluded = (viewerId: string, seen: string[]) => sql<boolean>`u.id <> ${viewerId}
    and not exists (select 1 from follows x where x.follower_id = ${viewerId} and x.followee_id = u.id)
    and not exists (select 1 from follow_requests r where r.requester_id = ${viewerId} and r.target_id = u.id)
    and not exists (select 1 from blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${viewerId}))
    and not exists (select 1 from suggestion_dismissals d where d.user_id = ${viewerId} and d.target_id = u.id)
    ${seen.length ? sql`and u.id <> all(${sql.val(seen)}::bigint[])` : sql``}`;

  async function candidates(viewerId: string, limit: number, seen: string[]): Promise<Candidate[]> {
    const friendsOfFriends = await sql<Candidate>`
      select u.id, u.username, u.full_name, u.profile_pic_key, u.is_private, u.is_verified,
        count(*)::text as mutual, (array_agg(via.username order by f1.id desc))[1] as via
      from follows f1
      join follows f2 on f2.follower_id = f1.followee_id
      join users u on u.id = f2.followee_id
      join users via on via.id = f1.followee_id
      where f1.follower_id = ${viewerId} and ${excluded(viewerId, seen)}
      group by u.id
      order by count(*) desc, u.id desc
      limit ${limit}`.execute(db);
    if (friendsOfFriends.rows.length >= limit) return friendsOfFriends.rows;
    const have = [...seen, ...friendsOfFriends.rows.map((r) => r.id)];
    const popular = await sql<Candidate>`
      select u.id, u.username, u.full_name, u.profile_pic_key, u.is_private, u.is_verified, '0' as mutual, null as via
      from (select followee_id, count(*) as n from follows group by followee_id order by n desc limit ${limit * 4}) p
      join users u on u.id = p.followee_id
      where ${excluded(viewerId, have)}
      order by p.n desc
      limit ${limit - friendsOfFriends.rows.length}`.execute(db);
    return [...friendsOfFriends.rows, ...popular.rows];
  }

  return {
    async list(viewerId: string, count: number, seen: string[]) {
      const rows = await candidates(viewerId, count + 1, seen);
      const shown = rows.slice(0, count);
      return {
        edges: shown.map((r) => {
          const mutual = Number(r.mutual);
          return {
            node: {
              user: { ...presentUserSummary(r, storage), followed_by_viewer: false },
              description: r.via ? (mutual > 1 ? `Followed by ${r.via} + ${mutual - 1} more` : `Followed by ${r.via}`) : 'Popular on Shutter',
              // The description already tells the social context; clients show it when this is null.
              social_context: null,
            },
          };
        }),
        page_info: { has_next_page: rows.length > count },
      };
    },

    async count(viewerId: string) {
      return (await candidates(viewerId, 100, [])).length;
    },

    async dismiss(viewerId: string, targetId: string) {
      await db.insertInto('suggestion_dismissals').values({ user_id: viewerId, target_id: targetId }).onConflict((oc) => oc.doNothing()).execute();
    },
  };
}
export type Suggestions = ReturnType<typeof createSuggestions>;
