import type { FastifyRequest } from 'fastify';
import type { ClientRoute, PageKind } from '@shutter/contract';
import type { ShellExtras, ShellMeta } from './html.js';

/** A route's page: its data (?__a=1), and the title, tags and first paint of its HTML. */
export interface PageResult {
  statusCode: number;
  body: Record<string, unknown>;
  meta: ShellMeta;
  /** Only in the HTML, not in the page data: what lets the page paint before any request. */
  shell?: ShellExtras;
  /** The HTML answers a redirect here instead (the page data answers statusCode and body). */
  redirect?: string;
}

export interface PageContext {
  route: ClientRoute;
  request: FastifyRequest;
  params: Record<string, string>;
  viewerId: string | null;
  /** False for page data (?__a=1), which client navigations fetch: no first paint to add. */
  wantsHtml: boolean;
}

export type PageLoader = (ctx: PageContext) => Promise<PageResult>;
/** Each feature gives the page data of its kinds of page; `plain` pages need none. */
export type PageLoaders = Partial<Record<Exclude<PageKind, 'plain'>, PageLoader>>;

export const SITE_DESCRIPTION = 'Shutter: share photos and videos with the people you follow.';

export const notAvailable = (): PageResult => ({
  statusCode: 404,
  body: { status: 'fail', message: "Sorry, this page isn't available." },
  meta: { title: 'Page not found' },
});
