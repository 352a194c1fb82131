import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGIN_LIMIT_PER_IP, ONE_TAP_ACCOUNTS_MAX, ONE_TAP_COOKIE, ONE_TAP_TTL_MS, oneTapLoginBody, oneTapRemoveBody, type LoginResult, type LoginTwoFactorRequired } from '@shutter/contract';
import { failure, loginSucceeded, loginTwoFactorRequired, ok } from '@shutter/contract/results';
import { SECURITY } from '../../platform/answers.js';
import { perAddress } from '../../platform/rate-limits.js';
import { cookieOptions, requireSession, startSession } from '../../platform/session.js';
import type { OneTap } from './one-tap.js';
import { trustedDeviceOf } from './two-factor.routes.js';

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** The saved logins this browser holds: its one_tap cookie, tokens newest first, joined by dots. */
export function oneTapTokensOf(request: FastifyRequest): string[] {
  const value = request.cookies[ONE_TAP_COOKIE];
  if (!value || value.length > 400) return [];
  return value.split('.').filter((t) => TOKEN.test(t)).slice(0, ONE_TAP_ACCOUNTS_MAX);
}

function keepTokens(request: FastifyRequest, reply: FastifyReply, tokens: string[]): void {
  const options = { ...cookieOptions(request), httpOnly: true };
  if (tokens.length === 0) reply.clearCookie(ONE_TAP_COOKIE, options);
  else reply.setCookie(ONE_TAP_COOKIE, tokens.join('.'), { ...options, maxAge: ONE_TAP_TTL_MS / 1000 });
}

/** Saving a browser's login info, forgetting it, and logging in with it from the landing page. */
export function registerOneTapRoutes(app: FastifyInstance, oneTap: OneTap): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/accounts/one_tap/save/', {
    schema: { tags: ['auth'], summary: 'Save the viewer\'s login info in this browser (one-tap login after a logout)', response: { 200: ok } },
  }, async (request, reply) => {
    const session = requireSession(request);
    keepTokens(request, reply, await oneTap.save(session.user.id, oneTapTokensOf(request)));
    return { status: 'ok' as const };
  });

  r.post('/accounts/one_tap/remove/', {
    schema: { tags: ['auth'], summary: 'Forget an account\'s saved login in this browser', body: oneTapRemoveBody, security: SECURITY.csrf, response: { 200: ok, 400: failure } },
  }, async (request, reply) => {
    keepTokens(request, reply, await oneTap.remove(request.body.user_id, oneTapTokensOf(request)));
    return { status: 'ok' as const };
  });

  r.post('/accounts/one_tap_web_login/', {
    schema: { tags: ['auth'], summary: 'Log in as an account whose login info this browser saved, with the nonce of its landing page',
      body: oneTapLoginBody, security: SECURITY.csrf, response: { 200: loginSucceeded, 400: z.union([loginTwoFactorRequired, failure]) } },
    config: perAddress(LOGIN_LIMIT_PER_IP),
  }, async (request, reply) => {
    const client = { userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip };
    const { result, token } = await oneTap.login(request.body, oneTapTokensOf(request), client, trustedDeviceOf(request));
    // Without a session the answer is the two-factor challenge (refusals are thrown).
    if (!token) return reply.code(400).send(result as LoginTwoFactorRequired);
    startSession(request, reply, token);
    return result as Extract<LoginResult, { authenticated: true }>;
  });
}
