import type { FastifyRequest } from 'fastify';
import {
  DATA_SAVER_COOKIE,
  FEED_IMAGE_SIZES,
  FEED_PAGE_SIZE,
  FEED_PREVIEW_COMMENTS,
  IMAGE_MAX_WIDTH,
  SOCIAL_CONTEXT_LIKERS,
  srcSetOf,
  type DisplayResource,
  type MediaNode,
} from '@shutter/contract';
import type { FeedService } from './service.js';
import { escapeHtml, type ShellExtras } from '../../platform/web/html.js';

/** The first post's first photo, which is the feed's largest paint; none for a video. */
function firstImage(node: MediaNode | undefined): DisplayResource[] | null {
  const item = node?.edge_sidecar_to_children?.edges[0]?.node ?? node;
  if (!item || item.is_video || item.display_resources.length === 0) return null;
  return item.display_resources;
}

function savesData(request: FastifyRequest): boolean {
  return request.headers['save-data'] === 'on' || request.cookies?.[DATA_SAVER_COOKIE] === '1';
}

/**
 * The logged-in home page's first screen shows its first feed page (the answer the client's first
 * `feed` query would get: the server renders it, and the client starts from it), and its HTML
 * preloads the first photo with the `srcset` and `sizes` of its <img>, so that the photo downloads
 * while the rest of the page does.
 */
export async function homeShell(request: FastifyRequest, viewerId: string, feed: FeedService): Promise<ShellExtras> {
  const timeline = await feed.timeline(viewerId, FEED_PAGE_SIZE, null, FEED_PREVIEW_COMMENTS, SOCIAL_CONTEXT_LIKERS);
  const resources = savesData(request) ? null : firstImage(timeline.edges[0]?.node);
  const head = resources
    ? [`<link rel="preload" as="image" imagesrcset="${escapeHtml(srcSetOf(resources, IMAGE_MAX_WIDTH))}" imagesizes="${escapeHtml(FEED_IMAGE_SIZES)}" fetchpriority="high">`]
    : [];
  return { feed: { user: { edge_web_feed_timeline: timeline } }, head };
}
