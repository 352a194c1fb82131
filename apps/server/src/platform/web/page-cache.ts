import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { ONE_TAP_COOKIE, SESSION_COOKIE, type ClientRoute } from '@shutter/contract';

/**
 * A page a logged-out visitor asked for: the same for every logged-out visitor, so any cache may
 * keep it, but must ask again (If-None-Match) each time before using it: an answer that changed (a
 * new post, an account gone private) is seen at once, an unchanged one costs a 304.
 */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/**
 * The HTML of a page a logged-out visitor asked for: it carries that visitor's csrf token, so only
 * their own browser may keep it (and revalidate it, as above). A cache that ignored Vary could
 * otherwise hand one visitor's token to another.
 */
export const OWN_PAGE_CACHE_CONTROL = 'private, max-age=0, must-revalidate';
/** A logged-in viewer's page (and any answer that sets a cookie): never kept by anyone. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';
/**
 * Every page answer depends on the cookies (the session, the csrf token in the HTML): a cache keeps a
 * copy per Cookie header, so a logged-out copy is never given to a logged-in request.
 */
export const PAGE_VARY = 'cookie';
// Lower case: @fastify/compress adds `accept-encoding` unless it finds it written so.
const SHARED_PAGE_VARY = 'cookie, accept-encoding';

/** How a page answer may be kept: by any cache, by the visitor's browser only, or by no one. */
export type PageCaching = 'shared' | 'own' | 'none';

const validated = new WeakSet<FastifyRequest>();

/**
 * Whether this answer may be kept by shared caches: a route anyone may see, asked for without a
 * session (nor a session cookie, even one no longer valid), answered 200.
 */
export function isSharedPage(route: ClientRoute, request: FastifyRequest, statusCode: number): boolean {
  // A browser with saved one-tap logins gets its own accounts (and fresh nonces) in the landing data.
  return statusCode === 200 && route.access !== 'protected' && !request.session && !request.cookies[SESSION_COOKIE] && !request.cookies[ONE_TAP_COOKIE];
}

/** Sets a page answer's Cache-Control and Vary; a kept one gets its ETag (or a 304) in `pageValidators`. */
export function setPageCaching(request: FastifyRequest, reply: FastifyReply, caching: PageCaching): void {
  if (caching !== 'none') validated.add(request);
  reply.header('cache-control', { shared: SHARED_PAGE_CACHE_CONTROL, own: OWN_PAGE_CACHE_CONTROL, none: PRIVATE_PAGE_CACHE_CONTROL }[caching]);
  reply.header('vary', caching === 'none' ? PAGE_VARY : SHARED_PAGE_VARY);
}

/**
 * A page rendered on the server is laid out for a phone or a desktop, by the Sec-CH-UA-Mobile hint
 * or else the user agent (server-render.ts): its HTML varies by both, and asks for the hint.
 */
export function varyByLayout(reply: FastifyReply): void {
  reply.header('vary', `${String(reply.getHeader('vary') ?? PAGE_VARY)}, sec-ch-ua-mobile, user-agent`);
  reply.header('accept-ch', 'Sec-CH-UA-Mobile');
}

/**
 * A weak validator (the body may go out gzipped or not, byte for byte different) from a strong hash
 * of the body: two bodies with the same ETag are the same page.
 */
export const etagOf = (body: string | Buffer) => `W/"${createHash('sha256').update(body).digest('base64url')}"`;

/** If-None-Match against an ETag, by the weak comparison (RFC 9110 §13.1.2). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return !header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/**
 * The HTML carries the visitor's csrf token under a fresh mask on every answer (platform/csrf.ts).
 * Named with the token itself in its place, the same page for the same visitor keeps its ETag, and
 * the copy a 304 leaves in use holds a token that is still theirs; a new token is a new ETag.
 */
function withPlainCsrfToken(request: FastifyRequest, payload: string | Buffer): string | Buffer {
  return typeof payload === 'string' && request.csrfToken ? payload.replaceAll(request.csrfToken, request.csrfSecret) : payload;
}

/**
 * The route's onSend hook, after the cookies are written and before compression: a kept page gets
 * the ETag of its body, and a 304 when the request already has it. An answer that sets a cookie
 * (a first visit's csrftoken, the removal of a stale session) is this visitor's only: no shared cache
 * may store a Set-Cookie, so it becomes private.
 */
export const pageValidators: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
  if (!validated.has(request)) return payload;
  if (reply.hasHeader('set-cookie') || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
    reply.header('cache-control', PRIVATE_PAGE_CACHE_CONTROL);
    return payload;
  }
  const etag = etagOf(withPlainCsrfToken(request, payload));
  reply.header('etag', etag);
  if (noneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return null;
};
