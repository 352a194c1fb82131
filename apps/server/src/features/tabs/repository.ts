import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { inSql } from '../../db/table-ref.js';
import { mediaVisibleSql } from '../access/sql.js';
import { createAccountsRepository, usersAs } from '../accounts/repository.js';
import { mediaAs, savesAs, usertagsAs } from '../posts/repository.js';

/** Every SQL statement of the saved and tagged tabs: saves and people tags, read by keyset; the review switch is the account's. */
export function createTabsRepository(db: Db) {
  const accounts = createAccountsRepository(db);
  return {
    /** The viewer's saves of posts they may still see, newest save first. */
    saved(viewerId: string, first: number, beforeSaveId: string | null) {
      let q = db
        .selectFrom(savesAs('saves'))
        .innerJoin(mediaAs('media'), 'media.id', 'saves.media_id')
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
        .select(['saves.id as save_id', 'media.id'])
        .where('saves.user_id', '=', viewerId)
        .where(mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' }));
      if (beforeSaveId) q = q.where('saves.id', '<', beforeSaveId);
      return q.orderBy('saves.id', 'desc').limit(first + 1).execute();
    },

    async countSaved(viewerId: string): Promise<number> {
      const { n } = await db.selectFrom(savesAs('saves')).select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', viewerId).executeTakeFirstOrThrow();
      return Number(n);
    },

    /** Posts a person is tagged in that the viewer may see; pending tags only when `withPending`. */
    async tagged(userId: string, viewerId: string | null, withPending: boolean, first: number, beforeSortId: string | null) {
      const rows = await sql<{ media_id: string; sort_key: string; status: 'pending' | 'approved' }>`
        select t.media_id, max(t.sort_id)::text as sort_key, min(t.status) as status
        from ${inSql(usertagsAs('t'))}
        join ${inSql(mediaAs('media'))} on media.id = t.media_id
        join ${inSql(usersAs('owner'))} on owner.id = media.owner_id
        where t.user_id = ${userId} ${withPending ? sql`` : sql`and t.status = 'approved'`} and ${mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' })}
        group by t.media_id
        ${beforeSortId ? sql`having max(t.sort_id) < ${beforeSortId}` : sql``}
        order by max(t.sort_id) desc
        limit ${first + 1}`.execute(db);
      return rows.rows;
    },

    /** The posts with an approved tag of the person that the viewer may see: no private post is counted for a stranger. */
    async countTagged(userId: string, viewerId: string | null): Promise<number> {
      const row = await db
        .selectFrom(usertagsAs('t'))
        .innerJoin(mediaAs('media'), 'media.id', 't.media_id')
        .innerJoin(usersAs('owner'), 'owner.id', 'media.owner_id')
        .select((eb) => eb.fn.count<string>('t.media_id').distinct().as('n'))
        .where('t.user_id', '=', userId)
        .where('t.status', '=', 'approved')
        .where(mediaVisibleSql(viewerId, { media: 'media', owner: 'owner' }))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The review of the person's tag on each of these posts; a post they are no longer tagged in is absent. */
    async statuses(userId: string, mediaIds: string[]): Promise<Map<string, 'pending' | 'approved'>> {
      if (mediaIds.length === 0) return new Map();
      const rows = await db
        .selectFrom(usertagsAs('usertags'))
        .select(['media_id', (eb) => eb.fn.min<'pending' | 'approved'>('status').as('status')])
        .where('user_id', '=', userId)
        .where('media_id', 'in', mediaIds)
        .groupBy('media_id')
        .execute();
      return new Map(rows.map((r) => [String(r.media_id), r.status]));
    },

    reviewsTags: accounts.reviewsTags,
    setReviewsTags: accounts.setReviewsTags,

    /**
     * Approves the person's pending tag (it takes `sortId`, the front of their tab); a tag already
     * approved stays where it is. False when the person is not tagged in that post.
     */
    async approve(userId: string, mediaId: string, sortId: string): Promise<boolean> {
      const res = await db.updateTable(usertagsAs('usertags')).set({ status: 'approved', sort_id: sortId }).where('user_id', '=', userId).where('media_id', '=', mediaId).where('status', '=', 'pending').executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) return true;
      const tagged = await db.selectFrom(usertagsAs('usertags')).select('media_id').where('user_id', '=', userId).where('media_id', '=', mediaId).executeTakeFirst();
      return tagged !== undefined;
    },

    async remove(userId: string, mediaId: string): Promise<boolean> {
      const res = await db.deleteFrom(usertagsAs('usertags')).where('user_id', '=', userId).where('media_id', '=', mediaId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
export type TabsRepository = ReturnType<typeof createTabsRepository>;
