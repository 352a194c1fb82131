import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { decodeIdCursor, toPage } from '../../platform/cursors.js';
import { notFound } from '../../platform/errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Access } from '../access/service.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import { CARD_OPTIONS } from '../posts/service.js';
import { mediaVisibleSql } from '../access/sql.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };

/** The saved and tagged tabs of a profile, and the tagged person's say over their tags. */
export function createProfileTabs(db: Db, hydrate: MediaHydrator, access: Access, nextId: IdGenerator) {
  return {
    /** Only ever the viewer's own saved posts. */
    async saved(viewerId: string, first: number, after: string | null | undefined) {
      const before = decodeIdCursor(after);
      let q = db
        .selectFrom('saves')
        .innerJoin('media', 'media.id', 'saves.media_id')
        .innerJoin('users as owner', 'owner.id', 'media.owner_id')
        .select(['saves.id as save_id', 'media.id'])
        .where('saves.user_id', '=', viewerId)
        .where(mediaVisibleSql(viewerId));
      if (before) q = q.where('saves.id', '<', before);
      const rows = await q.orderBy('saves.id', 'desc').limit(first + 1).execute();
      const { items, page_info } = toPage(rows, first, (r) => [r.save_id]);
      const { n } = await db.selectFrom('saves').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', viewerId).executeTakeFirstOrThrow();
      const nodes = await hydrate(items.map((r) => r.id), viewerId, GRID);
      return { count: Number(n), edges: nodes.map((node) => ({ node })), page_info };
    },

    /** Posts a person is tagged in: approved ones for everyone, pending ones for that person too. */
    async tagged(userId: string, viewerId: string | null, first: number, after: string | null | undefined) {
      await access.requireContent(viewerId, userId);
      const own = viewerId === userId;
      const before = decodeIdCursor(after);
      const rows = await sql<{ media_id: string; sort_key: string; status: 'pending' | 'approved' }>`
        select t.media_id, max(t.sort_id)::text as sort_key, min(t.status) as status
        from usertags t
        join media on media.id = t.media_id
        join users owner on owner.id = media.owner_id
        where t.user_id = ${userId} ${own ? sql`` : sql`and t.status = 'approved'`} and ${mediaVisibleSql(viewerId)}
        group by t.media_id
        ${before ? sql`having max(t.sort_id) < ${before}` : sql``}
        order by max(t.sort_id) desc
        limit ${first + 1}`.execute(db);
      const { items, page_info } = toPage(rows.rows, first, (r) => [r.sort_key]);
      const nodes = await hydrate(items.map((r) => r.media_id), viewerId, GRID);
      const status = new Map(items.map((r) => [r.media_id, r.status === 'approved' ? 'approved' : 'pending']));
      return {
        count: await this.taggedCount(userId),
        edges: nodes.map((node) => ({ node: { ...node, tag_status: status.get(node.id) } })),
        page_info,
      };
    },

    async taggedCount(userId: string): Promise<number> {
      const row = await db.selectFrom('usertags').select((eb) => eb.fn.count<string>('media_id').distinct().as('n')).where('user_id', '=', userId).where('status', '=', 'approved').executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async approveTag(userId: string, mediaId: string) {
      const res = await db.updateTable('usertags').set({ status: 'approved', sort_id: nextId() }).where('user_id', '=', userId).where('media_id', '=', mediaId).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw notFound('You are not tagged in that post.');
    },

    async removeTag(userId: string, mediaId: string) {
      const res = await db.deleteFrom('usertags').where('user_id', '=', userId).where('media_id', '=', mediaId).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound('You are not tagged in that post.');
    },
  };
}
export type ProfileTabs = ReturnType<typeof createProfileTabs>;
