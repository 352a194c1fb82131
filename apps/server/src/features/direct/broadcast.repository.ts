import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { StoredPhoto } from './types.js';

export interface GroupThreadRow {
  thread_id: string;
  title: string | null;
  /** The other members (active or pending), in the order they joined. */
  member_ids: string[];
}

export interface PendingUpload {
  upload_id: string;
  thread_id: string;
  photo: StoredPhoto;
  item_id: string | null;
}

/**
 * Every statement of direct_uploads (photos between upload and send) and direct_presence, and the
 * reads of threads that recipients and presence make: each starts from the viewer's own member
 * rows by the inbox index, newest activity first, and reads only the first `threads` of them.
 */
export function createBroadcastRepository(db: Db) {
  return {
    async insertUpload(row: { upload_id: string; user_id: string; thread_id: string; photo: StoredPhoto }): Promise<void> {
      await db.insertInto('direct_uploads').values({ ...row, photo: JSON.stringify(row.photo) }).execute();
    },

    /** One account's photos uploaded since `after` and not sent. */
    async countUnsent(userId: string, after: Date): Promise<number> {
      const row = await db.selectFrom('direct_uploads').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId).where('item_id', 'is', null).where('created_at', '>', after)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Takes the upload for the send with this token: the uploader's own, into this thread, uploaded
     * after `after`, and not taken by a send with another token. The same token takes it again (a
     * retry), sent or not. Undefined when none of that holds.
     */
    async claim(userId: string, uploadId: string, threadId: string, token: string, after: Date): Promise<PendingUpload | undefined> {
      const row = await db.updateTable('direct_uploads')
        .set({ claim_token: token, claimed_at: sql<Date>`coalesce(claimed_at, now())` })
        .where('upload_id', '=', uploadId).where('user_id', '=', userId).where('thread_id', '=', threadId)
        .where('created_at', '>', after)
        .where((eb) => eb.or([eb('claim_token', 'is', null), eb('claim_token', '=', token)]))
        .returning(['upload_id', 'thread_id', 'photo', 'item_id'])
        .executeTakeFirst();
      return row && { ...row, photo: row.photo as StoredPhoto };
    },

    async markSent(uploadId: string, itemId: string): Promise<void> {
      await db.updateTable('direct_uploads').set({ item_id: itemId }).where('upload_id', '=', uploadId).execute();
    },

    /** Gives a claimed upload back after its send failed, so that another send may use it. */
    async release(uploadId: string, token: string): Promise<void> {
      await db.updateTable('direct_uploads').set({ claim_token: null, claimed_at: null })
        .where('upload_id', '=', uploadId).where('claim_token', '=', token).where('item_id', 'is', null)
        .execute();
    },

    /**
     * Deletes up to `limit` rows uploaded before `before`, answering the photos whose files go with
     * them: those never claimed. A sent photo's files are its item's; one claimed by a send that
     * never finished (the process stopped mid-send) may be an item's too, so its files stay.
     */
    async takeExpired(before: Date, limit: number): Promise<{ photo: StoredPhoto; orphan: boolean }[]> {
      const { rows } = await sql<{ photo: StoredPhoto; orphan: boolean }>`
        delete from direct_uploads u
        using (
          select upload_id from direct_uploads where created_at < ${before}
          order by created_at limit ${limit}
          for update skip locked
        ) expired
        where u.upload_id = expired.upload_id
        returning u.photo, (u.claim_token is null and u.item_id is null) as orphan`.execute(db);
      return rows;
    },

    /** The people of the viewer's most recent threads (active or pending in them), most recent first. */
    async recentPeople(viewerId: string, threads: number, limit: number): Promise<string[]> {
      const { rows } = await sql<{ user_id: string }>`
        with recent as (
          select thread_id, activity_at from direct_members
          where user_id = ${viewerId} and state = 'active'
          order by activity_at desc, thread_id desc limit ${threads}
        )
        select o.user_id from recent r join direct_members o on o.thread_id = r.thread_id
        where o.user_id <> ${viewerId} and o.state in ('active', 'pending')
        group by o.user_id order by max(r.activity_at) desc, o.user_id limit ${limit}`.execute(db);
      return rows.map((r) => String(r.user_id));
    },

    /** The viewer's most recent group threads, with their other members. */
    async recentGroups(viewerId: string, threads: number): Promise<GroupThreadRow[]> {
      const { rows } = await sql<GroupThreadRow>`
        select t.id as thread_id, t.title,
          array(select o.user_id::text from direct_members o where o.thread_id = t.id and o.user_id <> ${viewerId}
            and o.state in ('active', 'pending') order by o.joined_at, o.user_id) as member_ids
        from (select thread_id, activity_at from direct_members
          where user_id = ${viewerId} and state = 'active'
          order by activity_at desc, thread_id desc limit ${threads}) m
        join direct_threads t on t.id = m.thread_id
        where t.is_group
        order by m.activity_at desc, t.id desc`.execute(db);
      return rows.map((r) => ({ thread_id: String(r.thread_id), title: r.title, member_ids: r.member_ids.map(String) }));
    },

    /** The people who are in one of the viewer's most recent threads with them, both active. */
    async peers(viewerId: string, threads: number): Promise<string[]> {
      const { rows } = await sql<{ user_id: string }>`
        select distinct o.user_id from (select thread_id from direct_members
          where user_id = ${viewerId} and state = 'active'
          order by activity_at desc, thread_id desc limit ${threads}) m
        join direct_members o on o.thread_id = m.thread_id
        where o.user_id <> ${viewerId} and o.state = 'active'`.execute(db);
      return rows.map((r) => String(r.user_id));
    },

    /** Records that the account was seen now (one upsert). */
    async touchPresence(userId: string, at: Date): Promise<void> {
      await db.insertInto('direct_presence').values({ user_id: userId, active_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ active_at: at }))
        .execute();
    },

    async presenceOf(userIds: string[]): Promise<Map<string, Date>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('direct_presence').select(['user_id', 'active_at']).where('user_id', 'in', userIds).execute();
      return new Map(rows.map((r) => [r.user_id, r.active_at]));
    },
  };
}
export type BroadcastRepository = ReturnType<typeof createBroadcastRepository>;
