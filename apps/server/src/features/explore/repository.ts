import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { exploreOwnerSql, notRemovedSql } from '../access/sql.js';
import type { Cluster } from './ranking.js';

export interface PoolRow {
  media_id: string;
  owner_id: string;
  cluster: string;
  score: number;
}

export interface ScanInput {
  snapshotId: string;
  viewerId: string;
  /** The clusters to scan ('' is the posts of none), each with the viewer's weight. */
  lanes: { cluster: string; weight: number }[];
  /** The (weighted score, id) of the last post shown; null on a first page. */
  after: { score: number; id: string } | null;
  limit: number;
}

/** Every SQL statement on explore's tables: snapshots, their pools and clusters, dismissals. */
export function createExploreRepository(db: Db) {
  return {
    latestSnapshot() {
      return db.selectFrom('explore_snapshots').select(['id', 'computed_at']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    snapshotExists(id: string) {
      return db.selectFrom('explore_snapshots').select('id').where('id', '=', id).executeTakeFirst().then((r) => r !== undefined);
    },

    async clusters(snapshotId: string): Promise<Cluster[]> {
      const rows = await db.selectFrom('explore_clusters').select(['name', 'tags', 'post_count']).where('snapshot_id', '=', snapshotId).orderBy('position').execute();
      return rows.map((r) => ({ name: r.name, tags: r.tags, postCount: r.post_count }));
    },

    /** Writes a whole snapshot in one transaction, and drops those computed before `dropBefore` (never the newest). */
    async saveSnapshot(id: string, computedAt: Date, clusters: Cluster[], pool: PoolRow[], dropBefore: Date) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('explore_snapshots').values({ id, computed_at: computedAt }).execute();
        if (clusters.length) {
          await sql`insert into explore_clusters (snapshot_id, position, name, tags, post_count)
            select ${id}::bigint, c.position, c.name, string_to_array(c.tags, ' '), c.post_count
            from unnest(${sql.val(clusters.map((_, i) => i))}::int[], ${sql.val(clusters.map((c) => c.name))}::text[],
              ${sql.val(clusters.map((c) => c.tags.join(' ')))}::text[], ${sql.val(clusters.map((c) => c.postCount))}::int[])
              as c(position, name, tags, post_count)`.execute(trx);
        }
        if (pool.length) {
          await sql`insert into explore_pool (snapshot_id, media_id, owner_id, cluster, score)
            select ${id}::bigint, p.media_id, p.owner_id, p.cluster, p.score
            from unnest(${sql.val(pool.map((p) => p.media_id))}::bigint[], ${sql.val(pool.map((p) => p.owner_id))}::bigint[],
              ${sql.val(pool.map((p) => p.cluster))}::text[], ${sql.val(pool.map((p) => p.score))}::float8[])
              as p(media_id, owner_id, cluster, score)`.execute(trx);
        }
        await trx.deleteFrom('explore_snapshots').where('computed_at', '<', dropBefore).where('id', '<>', id).execute();
      });
    },

    /**
     * One page of a viewer's explore: per cluster, a keyset scan of the pool in score order that
     * keeps only strangers' public posts the viewer has not dismissed, limited to a page; then
     * the best of those by weighted score. Costs about a page per cluster, at any depth.
     */
    async scan({ snapshotId, viewerId, lanes, after, limit }: ScanInput): Promise<{ media_id: string; final: number }[]> {
      const keyset = after
        ? sql`and p.score <= ${after.score}::float8 / l.weight * 1.000001
            and (p.score * l.weight < ${after.score}::float8 or (p.score * l.weight = ${after.score}::float8 and p.media_id < ${after.id}::bigint))`
        : sql``;
      const rows = await sql<{ media_id: string; final: number }>`
        select p.media_id, p.score * l.weight as final
        from unnest(${sql.val(lanes.map((l) => l.cluster))}::text[], ${sql.val(lanes.map((l) => l.weight))}::float8[]) as l(cluster, weight)
        cross join lateral (
          select p.media_id, p.score from explore_pool p
          where p.snapshot_id = ${snapshotId}::bigint and p.cluster = l.cluster ${keyset}
            and ${exploreOwnerSql(viewerId, sql.ref('p.owner_id'))}
            and ${notRemovedSql('media', sql.ref('p.media_id'))}
            and not exists (select 1 from explore_not_interested n where n.user_id = ${viewerId}::bigint and n.media_id = p.media_id)
          order by p.score desc, p.media_id desc
          limit ${limit}
        ) p
        order by final desc, p.media_id desc
        limit ${limit}`.execute(db);
      return rows.rows.map((r) => ({ media_id: String(r.media_id), final: Number(r.final) }));
    },

    /** How many posts of each cluster the viewer dismissed. */
    async dismissals(viewerId: string): Promise<Map<string, number>> {
      const rows = await db.selectFrom('explore_not_interested').select(['cluster', (eb) => eb.fn.countAll<string>().as('n')])
        .where('user_id', '=', viewerId).where('cluster', '<>', '').groupBy('cluster').execute();
      return new Map(rows.map((r) => [r.cluster, Number(r.n)]));
    },

    async removeNotInterested(viewerId: string, mediaId: string) {
      await db.deleteFrom('explore_not_interested').where('user_id', '=', viewerId).where('media_id', '=', mediaId).execute();
    },

    async addNotInterested(viewerId: string, mediaId: string, cluster: string, id: string) {
      await db.insertInto('explore_not_interested').values({ user_id: viewerId, media_id: mediaId, cluster, id })
        .onConflict((oc) => oc.columns(['user_id', 'media_id']).doNothing()).execute();
    },
  };
}
export type ExploreRepository = ReturnType<typeof createExploreRepository>;
