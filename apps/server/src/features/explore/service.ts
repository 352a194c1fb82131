import type { MediaNode } from '@shutter/contract';
import type { IdGenerator } from '../../platform/ids.js';
import type { PreparedAnswers } from '../../platform/prepared-answers.js';
import type { Access } from '../access/service.js';
import { notFound } from '../../platform/errors.js';
import type { MediaHydrator } from '../posts/hydrate.js';
import type { ExploreReads } from './reads.js';
import { CARD_OPTIONS, type PostsService } from '../posts/service.js';
import { decodeExploreCursor, encodeExploreCursor, type ExploreCursor } from './cursor.js';
import { clusterOfPost, clusterWeights, tagIndex, type Cluster } from './ranking.js';
import { computeSnapshot } from './refresh.js';
import type { ExploreRepository } from './repository.js';

const GRID = { ...CARD_OPTIONS, comments: 0, likers: 0 };
/** A first page ranks on a snapshot at most this old; an older one is used once more while a new one is computed. */
export const REFRESH_MS = 10 * 60_000;
/** The viewer's newest likes and saves (each) that say what they like. */
const TASTE_SAMPLE = 200;
/** A viewer who dismissed this many posts of a cluster sees its chip as muted. */
const MUTED_AFTER = 3;

export interface ExploreDeps {
  repo: ExploreRepository;
  reads: ExploreReads;
  hydrate: MediaHydrator;
  posts: Pick<PostsService, 'visible'>;
  nextId: IdGenerator;
  /** Where a background refresh reports its failure. */
  onError: (err: unknown) => void;
  /**
   * Each viewer's first page of the whole grid, kept ready (a new session within its life starts
   * on the snapshot it was built on, which stays readable far longer), decided again at each read
   * by the access rules.
   */
  prepared?: { answers: PreparedAnswers<ExplorePage>; access: Pick<Access, 'allStillVisible' | 'keepVisibleMedia'> };
}

export interface ExploreClusterView {
  id: string;
  name: string;
  labels: string[];
  type: 'topical';
  is_muted: boolean;
  post_count: number;
}

export interface ExplorePage {
  clusters: ExploreClusterView[];
  cluster: string | null;
  edge_explore_media: { edges: { node: MediaNode }[]; page_info: { has_next_page: boolean; end_cursor: string | null } };
}

/**
 * Explore: strangers' public posts ranked by recent engagement with time decay, weighted by how
 * close each post's cluster is to what the viewer likes, in topical clusters of hashtags.
 */
export function createExplore({ repo, reads, hydrate, posts, nextId, onError, prepared }: ExploreDeps) {
  let computing: Promise<string> | null = null;
  const clustersBySnapshot = new Map<string, Promise<Cluster[]>>();

  function compute(): Promise<string> {
    computing ??= computeSnapshot(reads, repo, nextId).finally(() => { computing = null; });
    return computing;
  }

  /** The snapshot a new session starts on: the newest, computed now when there is none, refreshed behind when stale. */
  async function currentSnapshot(): Promise<string> {
    const latest = await repo.latestSnapshot();
    if (!latest) return compute();
    if (Date.now() - new Date(latest.computed_at).getTime() > REFRESH_MS) compute().catch(onError);
    return String(latest.id);
  }

  /** A snapshot's clusters never change: read once per process. */
  function clustersOf(snapshotId: string): Promise<Cluster[]> {
    let found = clustersBySnapshot.get(snapshotId);
    if (!found) {
      found = repo.clusters(snapshotId);
      found.catch(() => clustersBySnapshot.delete(snapshotId));
      clustersBySnapshot.set(snapshotId, found);
      for (const key of clustersBySnapshot.keys()) if (clustersBySnapshot.size > 8 && key !== snapshotId) clustersBySnapshot.delete(key);
    }
    return found;
  }

  const present = (clusters: Cluster[], dismissals: Map<string, number>): ExploreClusterView[] =>
    clusters.map((c) => ({ id: c.name, name: c.name, labels: c.tags, type: 'topical', is_muted: (dismissals.get(c.name) ?? 0) >= MUTED_AFTER, post_count: c.postCount }));

  const emptyPage = (clusters: ExploreClusterView[], cluster: string | null): ExplorePage =>
    ({ clusters, cluster, edge_explore_media: { edges: [], page_info: { has_next_page: false, end_cursor: null } } });

  /** The whole grid's first page, from what was prepared when the access rules still let the viewer see all of it. */
  async function firstPage(viewerId: string, first: number): Promise<ExplorePage> {
    const { answers, access } = prepared!;
    const variant = String(first);
    const ready = answers.get(viewerId, variant);
    if (ready && (await access.allStillVisible(viewerId, ready.shown))) return ready.answer;
    const ticket = answers.ticket();
    const page = await build(viewerId, first, null, null);
    const ids = page.edge_explore_media.edges.map((e) => e.node.id);
    // The scan decided each post already; asked once more only to remember the verdicts for the reads to come.
    const shown = await access.keepVisibleMedia(viewerId, ids, (id) => id, { remember: true });
    answers.keep(viewerId, variant, ticket, { answer: page, skeleton: ids, shown });
    return page;
  }

  /**
   * One page of the viewer's explore grid, or of one cluster's grid. The first page starts a
   * session on the newest snapshot; a cursor carries the session on, with the weights it began
   * with. A session whose snapshot has been dropped ends.
   */
  async function build(viewerId: string, first: number, after: string | null | undefined, cluster: string | null): Promise<ExplorePage> {
    const cursor = after ? decodeExploreCursor(after) : null;
    if (cursor && !(await repo.snapshotExists(cursor.snapshot))) return emptyPage([], cluster);
    const snapshot = cursor?.snapshot ?? await currentSnapshot();
    // A new session of the whole grid weighs the clusters by the viewer's taste: read alongside.
    const wantsTaste = !cursor && cluster === null;
    const [clusters, dismissals, taste] = await Promise.all([
      clustersOf(snapshot), repo.dismissals(viewerId), wantsTaste ? reads.tagsEngagedBy(viewerId, TASTE_SAMPLE) : null,
    ]);
    const views = present(clusters, dismissals);
    if (cluster !== null && !clusters.some((c) => c.name === cluster)) throw notFound('This topic is not available.');

    let weights: [number, number][];
    if (cursor) weights = cursor.weights.filter(([position]) => position < clusters.length);
    else if (cluster !== null) weights = [];
    else {
      const byName = clusterWeights(clusters, taste ?? new Map(), dismissals);
      weights = clusters.flatMap((c, i) => (byName.has(c.name) ? [[i, byName.get(c.name)!] as [number, number]] : []));
    }
    const weightOf = new Map(weights.map(([position, w]) => [clusters[position]!.name, w]));
    const lanes = cluster !== null
      ? [{ cluster, weight: 1 }]
      : [...clusters.map((c) => ({ cluster: c.name, weight: weightOf.get(c.name) ?? 1 })), { cluster: '', weight: 1 }];

    const rows = await repo.scan({ snapshotId: snapshot, viewerId, lanes, after: cursor && { score: cursor.score, id: cursor.id }, limit: first + 1 });
    const items = rows.slice(0, first);
    const last = items[items.length - 1];
    const hasNext = rows.length > first && last !== undefined;
    const next: ExploreCursor | null = hasNext ? { snapshot, score: last.final, id: last.media_id, weights } : null;
    const nodes = await hydrate(items.map((r) => r.media_id), viewerId, GRID);
    return {
      clusters: views,
      cluster,
      edge_explore_media: { edges: nodes.map((node) => ({ node })), page_info: { has_next_page: hasNext, end_cursor: next && encodeExploreCursor(next) } },
    };
  }

  return {
    page: (viewerId: string, first: number, after: string | null | undefined, cluster: string | null): Promise<ExplorePage> =>
      (prepared && !after && cluster === null ? firstPage(viewerId, first) : build(viewerId, first, after, cluster)),

    /** "Not interested": the post leaves the viewer's explore for good and its cluster weighs less for them. */
    async notInterested(viewerId: string, mediaId: string): Promise<void> {
      await posts.visible(mediaId, viewerId);
      const latest = await repo.latestSnapshot();
      const clusters = latest ? await clustersOf(String(latest.id)) : [];
      const cluster = clusterOfPost(await reads.tagsOf(mediaId), tagIndex(clusters), new Map(clusters.map((c, i) => [c.name, i])));
      await repo.addNotInterested(viewerId, mediaId, cluster, nextId());
    },

    /** Undoes "not interested": the post may come back, and its cluster weighs as before. */
    async interestedAgain(viewerId: string, mediaId: string): Promise<void> {
      await posts.visible(mediaId, viewerId);
      await repo.removeNotInterested(viewerId, mediaId);
    },

    /** A new snapshot now (the demo seed and the benchmarks start warm). */
    refresh: compute,
  };
}
export type Explore = ReturnType<typeof createExplore>;
