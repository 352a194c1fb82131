import type { MediaNode } from '@shutter/contract';
import { expect } from 'vitest';
import { queryUrl, type Agent } from './agent.js';

/** Reading the home feed's first page, for the tests of what a prepared page shows. */
export interface FeedEdge {
  node: MediaNode;
  followed_hashtag?: string;
}

export async function firstPage(agent: Agent): Promise<FeedEdge[]> {
  const res = await agent.get(queryUrl('feed', { fetch_media_item_count: 12 }));
  expect(res.status).toBe(200);
  return res.body.data.user.edge_web_feed_timeline.edges as FeedEdge[];
}

export const idsOf = (edges: FeedEdge[]) => edges.map((e) => e.node.id);

export async function nodeOf(agent: Agent, mediaId: string): Promise<MediaNode | undefined> {
  return (await firstPage(agent)).find((e) => e.node.id === mediaId)?.node;
}

/** A page of `first` posts after `after` (a page's end cursor), with its page info. */
export async function pageAfter(agent: Agent, first: number, after: string | null) {
  const res = await agent.get(queryUrl('feed', { fetch_media_item_count: first, ...(after ? { fetch_media_item_cursor: after } : {}) }));
  expect(res.status).toBe(200);
  const timeline = res.body.data.user.edge_web_feed_timeline as { edges: FeedEdge[]; page_info: { has_next_page: boolean; end_cursor: string | null } };
  return timeline;
}
