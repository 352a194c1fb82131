import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OIDC_CALLBACK_PATH, OIDC_ERROR_PARAM, OIDC_NOTICE_PARAM, OIDC_START_PATH, safeNext, type OidcError, type OidcNotice } from '@shutter/contract';
import type { OidcConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { serverKey } from '../../platform/server-keys.js';
import { cookieOptions, startSession } from '../../platform/session.js';
import { createOidcLogin, type LoginKey, type OidcLogin, type OidcLoginDeps } from './oidc.js';
import { createOidcRepository } from './oidc.repository.js';
import { oauthLoginResult } from './oauth-result.js';
import { trustedDeviceOf } from './two-factor.routes.js';

/** The login key: what the start chose (state, nonce, PKCE verifier, where to go next), signed, for ten minutes. */
const LOGIN_KEY_COOKIE = 'oidc_login';
const LOGIN_KEY_TTL_S = 600;
const COOKIE_PATH = '/accounts/oidc/';

const loginKeyShape = z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), next: z.string(), exp: z.number() });

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(`oidc-login:${payload}`).digest('base64url');

function sealKey(secret: Buffer, key: LoginKey): string {
  const payload = Buffer.from(JSON.stringify({ ...key, exp: Date.now() + LOGIN_KEY_TTL_S * 1000 })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The login key the cookie carries, when this service signed it and it is not over. */
function openKey(secret: Buffer, cookie: string | undefined): LoginKey | null {
  const [payload, sig, ...rest] = (cookie ?? '').split('.');
  if (!payload || !sig || rest.length) return null;
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const parsed = loginKeyShape.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success && parsed.data.exp > Date.now() ? parsed.data : null;
  } catch {
    return null;
  }
}

const loginPage = (param: string, value: string, next: string) =>
  `/accounts/login/?${new URLSearchParams({ [param]: value, ...(next === '/' ? {} : { next }) }).toString()}`;
const loginPageWith = (error: OidcError, next: string) => loginPage(OIDC_ERROR_PARAM, error, next);
const loginPageNoting = (notice: OidcNotice, next: string) => loginPage(OIDC_NOTICE_PARAM, notice, next);

const param = z.string().max(4096).optional();

/**
 * Sign-in with the operator's OpenID Connect provider: the start sends the browser to the provider,
 * the callback takes it back. Without a provider configured both send the browser on (`login` null).
 */
function registerOidcRoutes(app: FastifyInstance, login: OidcLogin | null, secret: () => Promise<Buffer>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookie = (request: FastifyRequest) => ({ ...cookieOptions(request), path: COOKIE_PATH, httpOnly: true });
  const go = (reply: FastifyReply, to: string) => reply.header('cache-control', 'private, no-store').redirect(to, 302);

  r.get(OIDC_START_PATH, {
    schema: {
      // Browser navigations answered by redirects, not API operations: out of the OpenAPI document.
      hide: true,
      tags: ['auth'], summary: 'Start signing in with the operator\'s OpenID Connect provider',
      description: 'Sends the browser to the provider (authorization code with PKCE S256, state and nonce), keeping them in a signed HttpOnly cookie for 10 minutes. Logged in, or with no provider configured, sends it to `next` or /accounts/login/.',
      querystring: z.object({ next: param }),
      response: { 302: z.null().describe('To the provider, or back into the app') },
    },
  }, async (request, reply) => {
    const next = safeNext(request.query.next ?? null);
    if (request.session) return go(reply, next);
    if (!login) return go(reply, '/accounts/login/');
    try {
      const { url, key } = await login.start(next);
      reply.setCookie(LOGIN_KEY_COOKIE, sealKey(await secret(), key), { ...cookie(request), maxAge: LOGIN_KEY_TTL_S });
      return go(reply, url);
    } catch (err) {
      request.log.error({ err }, 'the OpenID Connect provider could not be reached');
      return go(reply, loginPageWith('failed', next));
    }
  });

  r.get(OIDC_CALLBACK_PATH, {
    schema: {
      // Browser navigations answered by redirects, not API operations: out of the OpenAPI document.
      hide: true,
      tags: ['auth'], summary: 'Return from the OpenID Connect provider',
      description: 'R-000-routes-12: needs `code` and `state`, and a login key whose state matches; otherwise sends the browser to /. Logs in (to the account tied to the provider\'s subject, or the one with the same confirmed and provider-verified email, or a new one) and sends it to the start\'s `next`; the person declining at the provider (`error=access_denied`, `error_reason=user_denied`) goes to /accounts/login/?oidc_notice=canceled; another refusal of the provider, a failed exchange or a token without the openid and email scopes goes to /accounts/login/?oidc_error=….',
      querystring: z.object({ code: param, state: param, error: param, error_reason: param, error_description: param, iss: param }),
      response: { 302: z.null().describe('Into the app, to the login page with oidc_error, or to /') },
    },
  }, async (request, reply) => {
    const key = openKey(await secret(), request.cookies[LOGIN_KEY_COOKIE]);
    // A login key is good for one return.
    if (request.cookies[LOGIN_KEY_COOKIE] !== undefined) reply.clearCookie(LOGIN_KEY_COOKIE, cookie(request));
    const { code, state, error } = request.query;
    const stateMatches = key !== null && state !== undefined && state === key.state;
    if (stateMatches && error !== undefined) {
      // R-002-prompts-13: the person's own "no" is no failure; the login page only says so.
      const canceled = oauthLoginResult({ error, errorReason: request.query.error_reason }) === 'canceled';
      return go(reply, canceled ? loginPageNoting('canceled', key.next) : loginPageWith('denied', key.next));
    }
    if (!login || !code || !stateMatches) return go(reply, '/');
    const query = request.url.slice(request.url.indexOf('?') + 1);
    const outcome = await login.finish(query, key, { userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip }, trustedDeviceOf(request));
    if ('error' in outcome) return go(reply, loginPageWith(outcome.error, key.next));
    startSession(request, reply, outcome.token);
    return go(reply, key.next);
  });
}

/** The routes, with the provider's login when OIDC_* configure one; the login key signed with a key of the service's own. */
export function registerOidc(app: FastifyInstance, deps: Omit<OidcLoginDeps, 'config' | 'repo' | 'log'> & { oidc: OidcConfig | undefined; db: Db }): void {
  const { oidc, db, ...rest } = deps;
  const login = oidc ? createOidcLogin({ ...rest, config: oidc, repo: createOidcRepository(db), log: app.log }) : null;
  let secret: Promise<Buffer> | undefined;
  registerOidcRoutes(app, login, () => (secret ??= serverKey(db, 'oidc-login')));
}
