import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_FORM_FIELD, CSRF_HEADER, SESSION_COOKIE } from '@shutter/contract';
import { forbidden, unauthorized } from './errors.js';
import { createCsrfTokens, type CsrfTokens } from './csrf.js';
import { appOfRequest, checkAppScope, type BearerAuth } from './bearer.js';
import type { ActiveSession, CachedSessionStore } from './session-store.js';
import { PRIVATE_PAGE_CACHE_CONTROL } from './web/page-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
    /** The csrftoken cookie this answer leaves the visitor with. */
    csrfSecret: string;
    /** The same token masked afresh (csrf.ts), as pages and the shared data carry it. */
    csrfToken: string;
  }
}

export interface SessionOptions {
  /** The key that signs csrf tokens (server-keys.ts). */
  csrfKey: Buffer;
  /**
   * PUBLIC_URL is https: every cookie is Secure, whatever scheme the request reached the service
   * by (a proxy that ends TLS may forward plain http, and a browser must never send the session
   * over plain http).
   */
  secureCookies: boolean;
  /** Apps' access tokens (Authorization: Bearer), which act as their person instead of a cookie. */
  bearer?: BearerAuth;
}

interface CookieRules {
  tokens: CsrfTokens;
  secure: boolean;
}

const RULES = Symbol('session cookie rules');
const rulesOf = (request: FastifyRequest) => (request.server as unknown as Record<typeof RULES, CookieRules>)[RULES];

const YEAR_S = 365 * 24 * 3600;
const SESSION_MAX_AGE_S = 90 * 24 * 3600;
// last_active_at is written at most this often per session, not on every request.
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The client's files and icons, media: answers that caches keep (`public`), which must never carry a Set-Cookie. */
const FILE_PATH = /^\/(?:assets|media|static)\/|^\/[^/?]+\.[A-Za-z0-9]+(?:\?|$)/;
const isFileRequest = (request: FastifyRequest) => SAFE_METHODS.has(request.method) && FILE_PATH.test(request.url);

/** Where a cookie of this service goes: the whole site, Lax, Secure under https. */
export const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: rulesOf(request).secure || request.protocol === 'https',
});

/**
 * Reads the session cookie on every request and enforces CSRF on every unsafe one: the
 * `csrftoken` cookie must be one this service issued beside the session cookie the request
 * carries (or beside none), and be echoed in the X-CSRFToken header (or, for form posts, the
 * csrfmiddlewaretoken field), as it is or masked. A cross-site page can send the cookie but
 * cannot read it, and a cookie it plants (from a sibling site) is not one the service issued.
 */
export function registerSession(app: FastifyInstance, store: CachedSessionStore, options: SessionOptions): void {
  app.decorate(RULES, { tokens: createCsrfTokens(options.csrfKey), secure: options.secureCookies } satisfies CookieRules);
  app.decorateRequest('session', null);
  app.decorateRequest('csrfSecret', '');
  app.decorateRequest('csrfToken', '');
  app.decorateRequest('appAccess', null);

  app.addHook('onRequest', async (request, reply) => {
    // An app's token stands for its person; the browser's cookies, if any came along, are not read.
    const bearer = options.bearer && (await appOfRequest(request, options.bearer));
    if (bearer) {
      request.appAccess = bearer;
      request.session = { sessionId: `app:${bearer.clientId}`, lastActiveAt: new Date(), user: bearer.user };
      return;
    }
    // A file sets no cookie: a shared cache would hand the same csrftoken to everyone. The visitor
    // gets theirs with the first page, the shared data or any other answer.
    const setsCookies = !isFileRequest(request);
    const token = request.cookies[SESSION_COOKIE] || null;
    const session = token && token.length <= 128 ? await store.find(token) : null;
    if (token && !session && setsCookies) reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
    // The visitor keeps a token issued beside the session they go on with (none, when theirs is over).
    if (setsCookies) keepCsrfToken(request, reply, session ? token : null);
    if (!session) return;
    request.session = session;
    if (Date.now() - session.lastActiveAt.getTime() > TOUCH_EVERY_MS) await store.touch(session.sessionId, request.ip);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A change a user makes (logout, password, name, picture) may change their sessions: the next
    // request reads them afresh. Dropped before the answer leaves, so the client never outruns it.
    if (request.session && !SAFE_METHODS.has(request.method)) store.forgetUser(request.session.user.id);
    // An answer to a logged-in request is that person's (their feed, inbox, login activity, archive),
    // and one that sets a cookie is that visitor's: no cache keeps it, unless its route chose how
    // it may be kept (pages, the shared data). Files have their own policies (media-cache.ts, the
    // client's files) and set no cookie; logged-out answers stay as their routes made them.
    if ((request.session || reply.hasHeader('set-cookie')) && !reply.hasHeader('cache-control') && !isFileRequest(request)) {
      reply.header('cache-control', PRIVATE_PAGE_CACHE_CONTROL);
    }
    return payload;
  });

  app.addHook('preValidation', async (request) => {
    if (request.appAccess) return checkAppScope(request, request.appAccess);
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    const field = (request.body as Record<string, unknown> | undefined)?.[CSRF_FORM_FIELD];
    const sent = typeof header === 'string' ? header : typeof field === 'string' ? field : '';
    const cookie = request.cookies[CSRF_COOKIE] ?? '';
    // Checked against the session cookie as sent, even one no longer valid: its request then gets
    // the 401 of a session that is over rather than a 403.
    const { tokens } = rulesOf(request);
    const issued = tokens.isIssuedFor(cookie, request.cookies[SESSION_COOKIE] || null);
    if (!issued || !sent || !tokens.matches(sent, cookie)) throw forbidden('CSRF token missing or incorrect.');
  });
}

function useCsrfToken(request: FastifyRequest, token: string): void {
  request.csrfSecret = token;
  request.csrfToken = rulesOf(request).tokens.mask(token);
}

function keepCsrfToken(request: FastifyRequest, reply: FastifyReply, sessionToken: string | null): void {
  const cookie = request.cookies[CSRF_COOKIE];
  if (cookie && rulesOf(request).tokens.isIssuedFor(cookie, sessionToken)) useCsrfToken(request, cookie);
  else newCsrfToken(request, reply, sessionToken);
}

/** A fresh csrftoken cookie for the holder of this session cookie; this request's answer (shared data included) already carries it. */
function newCsrfToken(request: FastifyRequest, reply: FastifyReply, sessionToken: string | null): void {
  useCsrfToken(request, rulesOf(request).tokens.issue(sessionToken));
  reply.setCookie(CSRF_COOKIE, request.csrfSecret, { ...cookieOptions(request), maxAge: YEAR_S, httpOnly: false });
}

// The csrftoken changes with the session: a token read or planted before a login (or a logout) is worth nothing after it.
export function startSession(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), httpOnly: true, maxAge: SESSION_MAX_AGE_S });
  newCsrfToken(request, reply, token);
}

export function clearSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
  newCsrfToken(request, reply, null);
}

export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
