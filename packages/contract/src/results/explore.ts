import { z } from 'zod';
import { pageOf } from './common.js';
import { mediaNode } from './posts.js';

/** A topical cluster of explore: hashtags that appear together, named by the most used of them. */
export const exploreCluster = z.object({
  id: z.string(),
  name: z.string(),
  /** Its hashtags, most used first. */
  labels: z.array(z.string()),
  type: z.literal('topical'),
  /** The viewer dismissed several of its posts: it weighs little in their explore. */
  is_muted: z.boolean(),
  post_count: z.number().int().min(0),
}).meta({ id: 'ExploreCluster' });

/** Explore: the clusters (chips), the one shown (null for all) and a page of its ranked grid. */
export const explore = z.object({
  clusters: z.array(exploreCluster),
  cluster: z.string().nullable(),
  edge_explore_media: pageOf(mediaNode),
}).meta({ id: 'Explore' });

export type ExploreResult = z.infer<typeof explore>;
export type ExploreClusterResult = z.infer<typeof exploreCluster>;
