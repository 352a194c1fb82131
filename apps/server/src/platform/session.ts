import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_FORM_FIELD, CSRF_HEADER, SESSION_COOKIE } from '@shutter/contract';
import { forbidden, unauthorized } from './errors.js';
import type { ActiveSession, CachedSessionStore } from './session-store.js';
import { randomToken, safeEqual } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
    csrfToken: string;
  }
}

const YEAR_S = 365 * 24 * 3600;
const SESSION_MAX_AGE_S = 90 * 24 * 3600;
// last_active_at is written at most this often per session, not on every request.
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The client's files and icons, media: answers that caches keep (`public`), which must never carry a Set-Cookie. */
const FILE_PATH = /^\/(?:assets|media|static)\/|^\/[^/?]+\.[A-Za-z0-9]+(?:\?|$)/;
const isFileRequest = (request: FastifyRequest) => SAFE_METHODS.has(request.method) && FILE_PATH.test(request.url);

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

/**
 * Reads the session cookie on every request and enforces CSRF on every unsafe one: the
 * `csrftoken` cookie must be echoed in the X-CSRFToken header (or, for form posts, the
 * csrfmiddlewaretoken field). A cross-site page can send the cookie but cannot read it.
 */
export function registerSession(app: FastifyInstance, store: CachedSessionStore): void {
  app.decorateRequest('session', null);
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request, reply) => {
    // A file sets no cookie: a shared cache would hand the same csrftoken to everyone. The visitor
    // gets theirs with the first page, the shared data or any other answer.
    const setsCookies = !isFileRequest(request);
    const existing = request.cookies[CSRF_COOKIE];
    if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) request.csrfToken = existing;
    else if (setsCookies) newCsrfToken(request, reply);
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = token.length <= 128 ? await store.find(token) : null;
    if (!session) {
      if (setsCookies) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return;
    }
    request.session = session;
    if (Date.now() - session.lastActiveAt.getTime() > TOUCH_EVERY_MS) await store.touch(session.sessionId, request.ip);
  });

  // A change a user makes (logout, password, name, picture) may change their sessions: the next
  // request reads them afresh. Dropped before the answer leaves, so the client never outruns it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.session && !SAFE_METHODS.has(request.method)) store.forgetUser(request.session.user.id);
    return payload;
  });

  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers[CSRF_HEADER];
    const field = (request.body as Record<string, unknown> | undefined)?.[CSRF_FORM_FIELD];
    const sent = typeof header === 'string' ? header : typeof field === 'string' ? field : '';
    const cookie = request.cookies[CSRF_COOKIE] ?? '';
    if (!cookie || !sent || !safeEqual(sent, cookie)) throw forbidden('CSRF token missing or incorrect.');
  });
}

/** A fresh csrftoken cookie; this request's answer (shared data included) already carries it. */
function newCsrfToken(request: FastifyRequest, reply: FastifyReply): void {
  request.csrfToken = randomToken(24);
  reply.setCookie(CSRF_COOKIE, request.csrfToken, { ...cookieOptions(request), maxAge: YEAR_S, httpOnly: false });
}

// The csrftoken changes with the session: a token read or planted before a login (or a logout) is worth nothing after it.
export function startSession(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), httpOnly: true, maxAge: SESSION_MAX_AGE_S });
  newCsrfToken(request, reply);
}

export function clearSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  newCsrfToken(request, reply);
}

export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
