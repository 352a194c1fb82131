/**
 * Explore's ranking, as pure functions: a post's engagement score with time decay, the topical
 * clusters found from hashtag co-occurrence, each post's cluster, and a viewer's weight per cluster.
 */

/** Engagement halves every this many hours of a post's age. */
export const HALF_LIFE_HOURS = 36;
/** A comment counts as this many likes. */
export const COMMENT_WEIGHT = 2;
/** A cluster the viewer engages with most weighs up to 1 + this. */
export const CLOSENESS_BOOST = 2;
/** Each post dismissed as "not interested" multiplies its cluster's weight by this. */
export const NOT_INTERESTED_FACTOR = 0.5;
const MIN_WEIGHT = 0.05;
/** A tag joins the cluster of the tag it appears with most when at least this share of its posts have both. */
const JOIN_SHARE = 0.25;
const MIN_TAG_POSTS = 2;
const MAX_TAGS = 400;
const MAX_CLUSTER_TAGS = 12;
export const MAX_CLUSTERS = 20;

const HOUR_MS = 3_600_000;

/** (1 + likes + 2 comments), halved every HALF_LIFE_HOURS of age. */
export function engagementScore(likes: number, comments: number, ageMs: number): number {
  return (1 + likes + COMMENT_WEIGHT * comments) * 2 ** (-Math.max(0, ageMs) / (HALF_LIFE_HOURS * HOUR_MS));
}

export interface Cluster {
  /** Its most frequent tag. */
  name: string;
  /** Its tags, most frequent first. */
  tags: string[];
  /** Posts with at least one of its tags. */
  postCount: number;
}

/**
 * Clusters of tags that appear together: tags are taken most frequent first, and each joins the
 * cluster of the earlier tag it co-occurs with most, when enough of its posts carry both;
 * otherwise it starts a cluster of its own. The biggest clusters are kept.
 */
export function clusterTags(posts: { tags: string[] }[]): Cluster[] {
  const count = new Map<string, number>();
  for (const p of posts) for (const t of new Set(p.tags)) count.set(t, (count.get(t) ?? 0) + 1);
  const kept = [...count].filter(([, n]) => n >= MIN_TAG_POSTS)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_TAGS).map(([t]) => t);
  const keptSet = new Set(kept);
  const pairs = new Map<string, number>();
  for (const p of posts) {
    const tags = [...new Set(p.tags)].filter((t) => keptSet.has(t)).sort();
    for (let i = 0; i < tags.length; i++) for (let j = i + 1; j < tags.length; j++) {
      const key = `${tags[i]} ${tags[j]}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
  }
  const together = (a: string, b: string) => pairs.get(a < b ? `${a} ${b}` : `${b} ${a}`) ?? 0;

  const clusterOf = new Map<string, string[]>();
  const clusters: string[][] = [];
  for (const tag of kept) {
    let best: string | null = null;
    let bestShare = 0;
    for (const other of clusterOf.keys()) {
      const share = together(tag, other) / count.get(tag)!;
      if (share > bestShare) [best, bestShare] = [other, share];
    }
    const home = best && bestShare >= JOIN_SHARE ? clusterOf.get(best)! : null;
    if (home && home.length < MAX_CLUSTER_TAGS) {
      home.push(tag);
      clusterOf.set(tag, home);
    } else {
      const own = [tag];
      clusters.push(own);
      clusterOf.set(tag, own);
    }
  }
  const withCounts = clusters.map((tags) => {
    const set = new Set(tags);
    return { name: tags[0]!, tags, postCount: posts.filter((p) => p.tags.some((t) => set.has(t))).length };
  });
  return withCounts.sort((a, b) => b.postCount - a.postCount || (a.name < b.name ? -1 : 1)).slice(0, MAX_CLUSTERS);
}

/** A tag's cluster name, for the clusters kept. */
export function tagIndex(clusters: Cluster[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const c of clusters) for (const t of c.tags) index.set(t, c.name);
  return index;
}

/** The cluster most of a post's tags are in (ties to the bigger cluster), or '' for none. */
export function clusterOfPost(tags: string[], index: Map<string, string>, order: Map<string, number>): string {
  const votes = new Map<string, number>();
  for (const t of tags) {
    const c = index.get(t);
    if (c !== undefined) votes.set(c, (votes.get(c) ?? 0) + 1);
  }
  let best = '';
  for (const [c, n] of votes) {
    const current = votes.get(best) ?? 0;
    if (n > current || (n === current && (order.get(c) ?? Infinity) < (order.get(best) ?? Infinity))) best = c;
  }
  return best;
}

/**
 * The viewer's weight of each cluster: closer to what they liked and saved (the share of their
 * engaged tags in it, against their favourite cluster), lower for each post of it they dismissed.
 * Rounded, so that a cursor can carry it exactly. Clusters at weight 1 are left out.
 */
export function clusterWeights(clusters: Cluster[], engagedTags: Map<string, number>, dismissals: Map<string, number>): Map<string, number> {
  const index = tagIndex(clusters);
  const engaged = new Map<string, number>();
  for (const [tag, n] of engagedTags) {
    const c = index.get(tag);
    if (c !== undefined) engaged.set(c, (engaged.get(c) ?? 0) + n);
  }
  const top = Math.max(0, ...engaged.values());
  const weights = new Map<string, number>();
  for (const c of clusters) {
    const closeness = top > 0 ? (engaged.get(c.name) ?? 0) / top : 0;
    const w = Math.max(MIN_WEIGHT, (1 + CLOSENESS_BOOST * closeness) * NOT_INTERESTED_FACTOR ** (dismissals.get(c.name) ?? 0));
    const rounded = Math.round(w * 1000) / 1000;
    if (rounded !== 1) weights.set(c.name, rounded);
  }
  return weights;
}
