import { sql, type Kysely } from 'kysely';
import type { Database, DirectMemberState } from '../../db/schema.js';
import { notBlockedSql, notRemovedSql } from '../access/sql.js';
import { storeMessage, type ItemRow } from './send.repository.js';

export interface ThreadRow {
  id: string;
  is_group: boolean;
  title: string | null;
  creator_id: string | null;
  approval_required: boolean;
  pair_key: string | null;
  last_activity_at: Date;
  last_item_id: string | null;
  last_permanent_item_id: string | null;
  last_permanent_user_id: string | null;
}

export interface MemberRow {
  thread_id: string;
  user_id: string;
  state: DirectMemberState;
  is_admin: boolean;
  muted: boolean;
  hidden: boolean;
  last_seen_item_id: string | null;
  last_seen_at: Date | null;
  activity_at: Date;
  joined_at: Date;
}

export type { ItemRow };

export interface ReactionRow {
  item_id: string;
  user_id: string;
  created_at: Date;
}

export interface NewMember {
  userId: string;
  state: DirectMemberState;
  isAdmin: boolean;
}

/** Where an inbox page continues: below this activity time and thread id. */
export interface InboxKey {
  at: Date;
  threadId: string;
}

const THREAD_COLUMNS = [
  'id', 'is_group', 'title', 'creator_id', 'approval_required', 'pair_key', 'last_activity_at', 'last_item_id',
  'last_permanent_item_id', 'last_permanent_user_id',
] as const;
const MEMBER_COLUMNS = [
  'thread_id', 'user_id', 'state', 'is_admin', 'muted', 'hidden', 'last_seen_item_id', 'last_seen_at', 'activity_at', 'joined_at',
] as const;
const ITEM_COLUMNS = ['id', 'thread_id', 'user_id', 'item_type', 'text', 'payload', 'media_id', 'client_context'] as const;

/** A one-to-one thread's key: the two ids in order, so that a pair has one thread. */
export const pairKeyOf = (a: string, b: string) => (BigInt(a) < BigInt(b) ? `${a}:${b}` : `${b}:${a}`);

/**
 * A thread counts as unseen by a member when its last activity is later than what they saw last
 * and its last permanent item is not their own (R-002-direct-15, -16, -17); muted threads and
 * hidden ones do not count, nor one-to-one threads across a block. Needs `m` (the member row)
 * and `t` (its thread) in scope: the one rule behind the inbox's unseen count and the badge.
 */
function unseenSql() {
  return sql<boolean>`(m.state = 'active' and not m.hidden and not m.muted
    and (m.last_seen_at is null or t.last_activity_at > m.last_seen_at)
    and t.last_item_id is not null
    and (t.last_permanent_user_id is null or t.last_permanent_user_id <> m.user_id)
    and ${readableSql()})`;
}

/**
 * What an inbox lists (`m` and `t` in scope): not a one-to-one thread across a block, nor one
 * still empty, which is only its creator's until its first message.
 */
function listedSql() {
  return sql<boolean>`((t.is_group or t.last_item_id is not null or t.creator_id = m.user_id) and ${readableSql()})`;
}

/** Not a one-to-one thread across a block (`m` and `t` in scope). */
function readableSql() {
  return sql<boolean>`(t.is_group or not exists (select 1 from direct_members o where o.thread_id = t.id and o.user_id <> m.user_id
    and not ${notBlockedSql(sql.ref('m.user_id'), sql.ref('o.user_id'))}))`;
}

/** Every statement on the direct area's tables, and a transaction in which they run together. */
export function createDirectRepository(db: Kysely<Database>) {
  return {
    ...statements(db),
    /** A message stored in one statement of its own (the sends' path); see storeMessage. */
    storeMessage: (row: ItemRow, at: Date, permanent: boolean) => storeMessage(db, row, at, permanent),
    /** Runs `work` in one transaction, with the statements bound to it. */
    transaction<T>(work: (tx: DirectStatements) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(statements(trx)));
    },
  };
}
export type DirectRepository = ReturnType<typeof createDirectRepository>;

function statements(db: Kysely<Database>) {
  const repo = {
    async threads(ids: readonly string[]): Promise<ThreadRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('direct_threads').select(THREAD_COLUMNS).where('id', 'in', [...ids]).execute();
    },

    thread(id: string): Promise<ThreadRow | undefined> {
      return db.selectFrom('direct_threads').select(THREAD_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The thread, locked until the transaction ends: changes of one thread happen one after another. */
    lockThread(id: string): Promise<ThreadRow | undefined> {
      return db.selectFrom('direct_threads').select(THREAD_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async pairThread(pairKey: string): Promise<string | undefined> {
      const row = await db.selectFrom('direct_threads').select('id').where('pair_key', '=', pairKey).executeTakeFirst();
      return row?.id;
    },

    /** A new thread with its members; false when a one-to-one thread of the pair appeared meanwhile. */
    async insertThread(t: { id: string; isGroup: boolean; title: string | null; creatorId: string; pairKey: string | null; at: Date }, members: NewMember[]): Promise<boolean> {
      const res = await db.insertInto('direct_threads').values({
        id: t.id, is_group: t.isGroup, title: t.title, creator_id: t.creatorId, pair_key: t.pairKey, last_activity_at: t.at,
      }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await repo.upsertMembers(t.id, members, t.at);
      return true;
    },

    /** Adds members, or brings back those who left or were removed, in the state given. */
    async upsertMembers(threadId: string, members: NewMember[], at: Date): Promise<void> {
      if (members.length === 0) return;
      await db.insertInto('direct_members')
        .values(members.map((m) => ({ thread_id: threadId, user_id: m.userId, state: m.state, is_admin: m.isAdmin, activity_at: at })))
        .onConflict((oc) => oc.columns(['thread_id', 'user_id']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'), is_admin: eb.ref('excluded.is_admin'), hidden: false, activity_at: eb.ref('excluded.activity_at'),
          last_seen_at: null, last_seen_item_id: null,
        })))
        .execute();
    },

    async members(threadIds: readonly string[]): Promise<MemberRow[]> {
      if (threadIds.length === 0) return [];
      return db.selectFrom('direct_members').select(MEMBER_COLUMNS).where('thread_id', 'in', [...threadIds]).orderBy('joined_at').orderBy('user_id').execute();
    },

    member(threadId: string, userId: string): Promise<MemberRow | undefined> {
      return db.selectFrom('direct_members').select(MEMBER_COLUMNS).where('thread_id', '=', threadId).where('user_id', '=', userId).executeTakeFirst();
    },

    async setMember(threadId: string, userIds: readonly string[], patch: Partial<Pick<MemberRow, 'state' | 'is_admin' | 'muted' | 'hidden' | 'last_seen_at' | 'last_seen_item_id'>>): Promise<void> {
      if (userIds.length === 0) return;
      await db.updateTable('direct_members').set(patch).where('thread_id', '=', threadId).where('user_id', 'in', [...userIds]).execute();
    },

    itemByClientContext(userId: string, clientContext: string): Promise<ItemRow | undefined> {
      return db.selectFrom('direct_items').select(ITEM_COLUMNS).where('user_id', '=', userId).where('client_context', '=', clientContext).executeTakeFirst();
    },

    /** False when the sender already sent an item with this client_context. */
    async insertItem(item: ItemRow): Promise<boolean> {
      const res = await db.insertInto('direct_items').values({
        ...item, payload: item.payload === null || item.payload === undefined ? null : JSON.stringify(item.payload),
      }).onConflict((oc) => oc.columns(['user_id', 'client_context']).doNothing()).executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * A new item's mark on its thread: its activity time (copied to every member still in it,
     * whose hidden thread comes back) and its newest items.
     */
    async touchThread(threadId: string, at: Date, item: { id: string; userId: string; permanent: boolean }): Promise<void> {
      await db.updateTable('direct_threads').set({
        last_activity_at: at,
        last_item_id: item.id,
        ...(item.permanent ? { last_permanent_item_id: item.id, last_permanent_user_id: item.userId } : {}),
      }).where('id', '=', threadId).execute();
      await db.updateTable('direct_members').set({ activity_at: at, hidden: false })
        .where('thread_id', '=', threadId).where('state', 'in', ['active', 'pending']).execute();
    },

    /** After an item was removed: the thread's newest item and newest permanent item again. */
    async recomputeLast(threadId: string): Promise<void> {
      await sql`update direct_threads t set
          last_item_id = (select i.id from direct_items i where i.thread_id = t.id order by i.id desc limit 1),
          (last_permanent_item_id, last_permanent_user_id) = (select i.id, i.user_id from direct_items i
            where i.thread_id = t.id and i.item_type <> 'action_log' order by i.id desc limit 1)
        where t.id = ${threadId}`.execute(db);
    },

    async deleteItem(itemId: string): Promise<ItemRow | undefined> {
      return db.deleteFrom('direct_items').where('id', '=', itemId).returning(ITEM_COLUMNS).executeTakeFirst();
    },

    /**
     * Moves each user's sequence number up by one (a first one starts at 1), in id order so that
     * concurrent changes of overlapping people never wait on each other in a circle.
     */
    async bumpSeqs(userIds: readonly string[]): Promise<Map<string, number>> {
      const ids = [...new Set(userIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      if (ids.length === 0) return new Map();
      const { rows } = await sql<{ user_id: string; seq: string }>`
        insert into direct_seq (user_id, seq)
        select u, 1 from unnest(${sql.val(ids)}::bigint[]) with ordinality as x(u, n) order by n
        on conflict (user_id) do update set seq = direct_seq.seq + 1
        returning user_id::text, seq`.execute(db);
      return new Map(rows.map((r) => [String(r.user_id), Number(r.seq)]));
    },

    async seq(userId: string): Promise<number> {
      const row = await db.selectFrom('direct_seq').select('seq').where('user_id', '=', userId).executeTakeFirst();
      return row ? Number(row.seq) : 0;
    },

    /**
     * A page of a person's threads in one state (the inbox: active; the requests: pending), most
     * recent activity first, hidden threads and one-to-one threads across a block left out. One
     * scan of direct_members_inbox_idx.
     */
    async inboxPage(userId: string, state: 'active' | 'pending', first: number, before: InboxKey | null): Promise<{ thread_id: string; activity_at: Date }[]> {
      const { rows } = await sql<{ thread_id: string; activity_at: Date }>`
        select m.thread_id::text as thread_id, m.activity_at from direct_members m
        join direct_threads t on t.id = m.thread_id
        where m.user_id = ${userId} and m.state = ${state} and not m.hidden
          ${before ? sql`and (m.activity_at, m.thread_id) < (${before.at}::timestamptz, ${before.threadId}::bigint)` : sql``}
          and ${listedSql()}
        order by m.activity_at desc, m.thread_id desc
        limit ${first}`.execute(db);
      return rows.map((r) => ({ thread_id: String(r.thread_id), activity_at: new Date(r.activity_at) }));
    },

    async countRequests(userId: string): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from direct_members m join direct_threads t on t.id = m.thread_id
        where m.user_id = ${userId} and m.state = 'pending' and not m.hidden and ${listedSql()}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Each person's unseen threads (their badge), for several people in one statement. */
    async unseenCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
      if (userIds.length === 0) return counts;
      const { rows } = await sql<{ user_id: string; n: number }>`
        select m.user_id::text as user_id, count(*)::int as n from direct_members m join direct_threads t on t.id = m.thread_id
        where m.user_id = any(${sql.val([...userIds])}::bigint[]) and m.state = 'active' and ${unseenSql()}
        group by m.user_id`.execute(db);
      for (const r of rows) counts.set(String(r.user_id), Number(r.n));
      return counts;
    },

    /** Every pending thread of a person (approve all, decline all). */
    async pendingThreadIds(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('direct_members').select('thread_id').where('user_id', '=', userId).where('state', '=', 'pending').where('hidden', '=', false).execute();
      return rows.map((r) => r.thread_id);
    },

    /** The newest `limit` items of each thread (with one more, which only tells that older ones exist). */
    async newestItems(threadIds: readonly string[], limit: number): Promise<ItemRow[]> {
      if (threadIds.length === 0) return [];
      const { rows } = await sql<ItemRow>`
        select i.id::text as id, i.thread_id::text as thread_id, i.user_id::text as user_id, i.item_type, i.text, i.payload,
          i.media_id::text as media_id, i.client_context
        from unnest(${sql.val([...threadIds])}::bigint[]) t(id)
        cross join lateral (select * from direct_items d where d.thread_id = t.id and ${notRemovedSql('direct_message', sql.ref('d.id'))} order by d.id desc limit ${limit + 1}) i
        order by i.id desc`.execute(db);
      return rows;
    },

    /** A thread's items older than `beforeId`, newest first (limit + 1 rows). */
    olderItems(threadId: string, beforeId: string | null, limit: number): Promise<ItemRow[]> {
      let q = db.selectFrom('direct_items').select(ITEM_COLUMNS).where('thread_id', '=', threadId).where(notRemovedSql('direct_message', sql.ref('direct_items.id')));
      if (beforeId) q = q.where('id', '<', beforeId);
      return q.orderBy('id', 'desc').limit(limit + 1).execute();
    },

    async items(ids: readonly string[]): Promise<ItemRow[]> {
      if (ids.length === 0) return [];
      // A message a moderator removed is gone from threads and inbox previews alike.
      return db.selectFrom('direct_items').select(ITEM_COLUMNS).where('id', 'in', [...ids]).where(notRemovedSql('direct_message', sql.ref('direct_items.id'))).execute();
    },

    async reactions(itemIds: readonly string[]): Promise<ReactionRow[]> {
      if (itemIds.length === 0) return [];
      return db.selectFrom('direct_item_reactions').select(['item_id', 'user_id', 'created_at'])
        .where('item_id', 'in', [...itemIds]).where('emoji', '=', 'like').orderBy('created_at').orderBy('user_id').execute();
    },

    /** Idempotent: answers whether anything changed. */
    async like(itemId: string, userId: string): Promise<boolean> {
      const res = await db.insertInto('direct_item_reactions').values({ item_id: itemId, user_id: userId, emoji: 'like' })
        .onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async unlike(itemId: string, userId: string): Promise<boolean> {
      const res = await db.deleteFrom('direct_item_reactions').where('item_id', '=', itemId).where('user_id', '=', userId).where('emoji', '=', 'like').executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    async joinRequests(threadIds: readonly string[]): Promise<{ thread_id: string; user_id: string }[]> {
      if (threadIds.length === 0) return [];
      return db.selectFrom('direct_join_requests').select(['thread_id', 'user_id']).where('thread_id', 'in', [...threadIds]).orderBy('created_at').execute();
    },

    async addJoinRequests(threadId: string, userIds: readonly string[], requestedBy: string): Promise<void> {
      if (userIds.length === 0) return;
      await db.insertInto('direct_join_requests').values(userIds.map((u) => ({ thread_id: threadId, user_id: u, requested_by: requestedBy })))
        .onConflict((oc) => oc.doNothing()).execute();
    },

    async removeJoinRequests(threadId: string, userIds: readonly string[] | 'all'): Promise<void> {
      let q = db.deleteFrom('direct_join_requests').where('thread_id', '=', threadId);
      if (userIds !== 'all') {
        if (userIds.length === 0) return;
        q = q.where('user_id', 'in', [...userIds]);
      }
      await q.execute();
    },

    async setThread(threadId: string, patch: { title?: string | null; approval_required?: boolean }): Promise<void> {
      await db.updateTable('direct_threads').set(patch).where('id', '=', threadId).execute();
    },
  };
  return repo;
}
export type DirectStatements = ReturnType<typeof statements>;
