import type { IdGenerator } from '../../platform/ids.js';
import type { ExploreReads } from './reads.js';
import { clusterOfPost, clusterTags, engagementScore, tagIndex } from './ranking.js';
import type { ExploreRepository, PoolRow } from './repository.js';

/** The newest public posts a snapshot ranks: bounds what one refresh reads. */
export const CANDIDATE_WINDOW = 20_000;
/** The best posts overall a snapshot keeps... */
export const POOL_SIZE = 1_500;
/** ...and the best of each cluster, so that every cluster's own grid is full. */
export const POOL_PER_CLUSTER = 150;
/** Sessions page through their snapshot: one is kept this long after a newer one exists. */
export const SNAPSHOT_KEEP_MS = 2 * 3_600_000;

/**
 * Computes a snapshot: the clusters from the hashtags of the newest public posts, then each of
 * those posts' engagement score at `now` and its cluster, and keeps the best of them.
 */
export async function computeSnapshot(reads: ExploreReads, repo: ExploreRepository, nextId: IdGenerator, now = Date.now()): Promise<string> {
  const candidates = await reads.recentPublicPosts(CANDIDATE_WINDOW);
  const clusters = clusterTags(candidates);
  const index = tagIndex(clusters);
  const order = new Map(clusters.map((c, i) => [c.name, i]));
  const scored: PoolRow[] = candidates.map((p) => ({
    media_id: p.id,
    owner_id: p.owner_id,
    cluster: clusterOfPost(p.tags, index, order),
    score: engagementScore(p.like_count, p.comment_count, now - p.created_at.getTime()),
  }));
  scored.sort((a, b) => b.score - a.score || (a.media_id < b.media_id ? 1 : -1));
  const pool = new Map(scored.slice(0, POOL_SIZE).map((p) => [p.media_id, p]));
  const perCluster = new Map<string, number>();
  for (const p of scored) {
    if (!p.cluster) continue;
    const n = perCluster.get(p.cluster) ?? 0;
    if (n >= POOL_PER_CLUSTER) continue;
    perCluster.set(p.cluster, n + 1);
    pool.set(p.media_id, p);
  }
  const id = nextId();
  await repo.saveSnapshot(id, new Date(now), clusters, [...pool.values()], new Date(now - SNAPSHOT_KEEP_MS));
  return id;
}
