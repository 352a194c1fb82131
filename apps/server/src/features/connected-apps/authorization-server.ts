/// <reference path="./oidc-provider-module.d.ts" />
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { OAUTH_ROUTES } from './provider.js';

/**
 * A browser's session at the authorization server is never reused: every authorization goes
 * through the consent page, as whoever is logged in to the service then, not whoever was before.
 */
function withoutProviderSession(req: IncomingMessage): void {
  const cookie = req.headers.cookie;
  if (!cookie) return;
  req.headers.cookie = cookie.split(/;\s*/).filter((c) => !/^_session(\.legacy)?(\.sig)?=/.test(c)).join('; ');
}

/**
 * The authorization server's endpoints, answered by oidc-provider itself (a Koa app) on the raw
 * request: it reads its own bodies, cookies and bearer tokens, and the service's CSRF check does
 * not apply (none of them acts on a browser's session with the service).
 */
export function registerAuthorizationServer(app: FastifyInstance, provider: Provider): void {
  const callback = provider.callback();
  void app.register(async (scope) => {
    // The body stays unread for the provider to parse.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const config = { csrf: false };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      if (request.url.startsWith(OAUTH_ROUTES.authorization)) withoutProviderSession(request.raw);
      callback(request.raw, reply.raw);
    };
    const hide = { schema: { hide: true }, config };
    scope.get('/.well-known/openid-configuration', hide, handler);
    scope.route({ method: ['GET', 'POST'], url: OAUTH_ROUTES.authorization, ...hide, handler });
    scope.get(`${OAUTH_ROUTES.authorization}/:uid`, hide, handler);
    scope.post(OAUTH_ROUTES.token, hide, handler);
    scope.post(OAUTH_ROUTES.revocation, hide, handler);
    scope.route({ method: ['GET', 'POST'], url: OAUTH_ROUTES.userinfo, ...hide, handler });
    scope.get(OAUTH_ROUTES.jwks, hide, handler);
  });
}
