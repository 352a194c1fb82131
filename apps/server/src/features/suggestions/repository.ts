import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inSql } from '../../db/table-ref.js';
import { notBlockedSql, notLimitedSql } from '../access/sql.js';
import { createAccountsRepository, userSummaryColumns, usersAs } from '../accounts/repository.js';
import { followsAs, followsSql, requestedSql } from '../friendships/repository.js';

export interface Candidate {
  id: string;
  username: string;
  full_name: string;
  profile_pic_key: string | null;
  is_private: boolean;
  is_verified: boolean;
  mutual: string;
  via: string | null;
}

/** How many of an account's newest followers chaining looks at. */
const CHAINING_SAMPLE = 300;

const follows = (alias: string) => inSql(followsAs(alias));
const users = (alias: string) => inSql(usersAs(alias));
/** The summary of the candidate, `u`. */
const candidateColumns = sql.join(userSummaryColumns('u').map((c) => sql.ref(c)));

/** Every SQL statement of suggestions: candidates by the graph, chaining, and dismissals. */
export function createSuggestionsRepository(db: Db) {
  const accounts = createAccountsRepository(db);
  const excluded = (viewerId: string, seen: string[]) => sql<boolean>`u.id <> ${viewerId}
    and not ${followsSql(viewerId, sql.ref('u.id'))}
    and not ${requestedSql(viewerId, sql.ref('u.id'))}
    and ${notBlockedSql(viewerId, sql.ref('u.id'))}
    and ${notLimitedSql(sql.ref('u.id'))}
    and not exists (select 1 from suggestion_dismissals d where d.user_id = ${viewerId} and d.target_id = u.id)
    ${seen.length ? sql`and u.id <> all(${sql.val(seen)}::bigint[])` : sql``}`;

  async function candidates(viewerId: string, limit: number, seen: string[]): Promise<Candidate[]> {
    const friendsOfFriends = await sql<Candidate>`
      select ${candidateColumns}, count(*)::text as mutual, (array_agg(via.username order by f1.id desc))[1] as via
      from ${follows('f1')}
      join ${follows('f2')} on f2.follower_id = f1.followee_id
      join ${users('u')} on u.id = f2.followee_id
      join ${users('via')} on via.id = f1.followee_id
      where f1.follower_id = ${viewerId} and ${excluded(viewerId, seen)}
      group by u.id
      order by count(*) desc, u.id desc
      limit ${limit}`.execute(db);
    if (friendsOfFriends.rows.length >= limit) return friendsOfFriends.rows;
    const have = [...seen, ...friendsOfFriends.rows.map((r) => r.id)];
    return [...friendsOfFriends.rows, ...(await popular(viewerId, limit - friendsOfFriends.rows.length, have))];
  }

  async function popular(viewerId: string, limit: number, have: string[], extra = sql<boolean>`true`): Promise<Candidate[]> {
    const { rows } = await sql<Candidate>`
      select ${candidateColumns}, '0' as mutual, null as via
      from (select f.followee_id, count(*) as n from ${follows('f')} group by f.followee_id order by n desc limit ${limit * 4 + have.length}) p
      join ${users('u')} on u.id = p.followee_id
      where ${excluded(viewerId, have)} and ${extra}
      order by p.n desc
      limit ${limit}`.execute(db);
    return rows;
  }

  /**
   * Chaining: accounts like `targetId`, that is, followed by many of its most recent followers (a
   * sample keeps a famous account's list cheap). The edit form's "similar account suggestions"
   * switch keeps an account both out of these lists and without one on its profile; the most followed fill up a short list. The
   * context names someone the viewer follows who follows the account, when there is one.
   */
  async function similar(viewerId: string, targetId: string, limit: number): Promise<Candidate[]> {
    // The owner chose not to show similar accounts on their profile.
    if (!(await accounts.chainingEnabled(targetId))) return [];
    const notTarget = sql<boolean>`u.id <> ${targetId} and u.chaining_enabled`;
    const { rows } = await sql<Candidate>`
      select ${candidateColumns}, count(*)::text as mutual,
        (select v.username from ${follows('a')}
           join ${follows('b')} on b.follower_id = a.followee_id and b.followee_id = u.id
           join ${users('v')} on v.id = a.followee_id
          where a.follower_id = ${viewerId} limit 1) as via
      from (select recent.follower_id from ${follows('recent')} where recent.followee_id = ${targetId} order by recent.id desc limit ${CHAINING_SAMPLE}) s
      join ${follows('f')} on f.follower_id = s.follower_id
      join ${users('u')} on u.id = f.followee_id
      where ${notTarget} and ${excluded(viewerId, [])}
      group by u.id
      order by count(*) desc, u.id desc
      limit ${limit}`.execute(db);
    if (rows.length >= limit) return rows;
    return [...rows, ...(await popular(viewerId, limit - rows.length, rows.map((r) => r.id), notTarget))];
  }

  return {
    candidates,
    similar,
    async dismiss(viewerId: string, targetId: string) {
      await db.insertInto('suggestion_dismissals').values({ user_id: viewerId, target_id: targetId }).onConflict((oc) => oc.doNothing()).execute();
    },
  };
}
export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
