import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CodedMessage } from '@shutter/contract';
import { failWith } from './errors.js';

/** At most `max` requests in `windowMs`. The numbers live in the contract, beside the spec's. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** When a limited person may try again, by code (the limiter's own numbers stay inside). */
export function retryAfter(retryInMs: number): CodedMessage {
  const minutes = Math.ceil(retryInMs / 60_000);
  if (retryInMs <= 60_000) return { code: 'wait_minute' };
  if (minutes < 60) return { code: 'wait_minutes', params: { minutes } };
  if (minutes < 90) return { code: 'wait_hour' };
  return { code: 'wait_hours', params: { hours: Math.round(minutes / 60) } };
}

/** The 429 of a limit, in plain words and by code. */
export const limited = (retryInMs: number) => failWith(429, retryAfter(retryInMs));

/**
 * Route config: per client address, for what comes before an account (login, signup, reset).
 * Counted in preHandler, after the CSRF check (preValidation): a page elsewhere that makes
 * visitors' browsers post here gets a 403 and spends nothing, so it cannot lock out everyone
 * behind their address.
 */
export function perAddress(limit: Limit) {
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs, hook: 'preHandler' as const } };
}

interface KeyedRequest {
  limitKey: string;
  routeOptions: Record<string, never>;
}

/** What a keyed limit says of one more attempt. */
export interface Pace {
  allowed: boolean;
  retryInMs: number;
}

type PaceCheck = (key: string) => Promise<Pace>;
const keyedLimits = new WeakMap<FastifyInstance, Map<string, PaceCheck>>();

/**
 * A limit on a key that the handler works out itself: the account a login names once it is
 * resolved, the address a reset mail goes to. Each call counts one attempt. Every caller that
 * names the same limit shares its budget (the password change and the email change both check
 * the current password).
 */
export function keyedLimit(app: FastifyInstance, name: string, limit: Limit): PaceCheck {
  let limits = keyedLimits.get(app);
  if (!limits) keyedLimits.set(app, (limits = new Map()));
  const known = limits.get(name);
  if (known) return known;
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req) => (req as unknown as KeyedRequest).limitKey,
  });
  const pace: PaceCheck = async (key) => {
    const request: KeyedRequest = { limitKey: `${name}:${key}`, routeOptions: {} };
    const result = await check(request as unknown as FastifyRequest);
    return result.isAllowed || !result.isExceeded ? { allowed: true, retryInMs: 0 } : { allowed: false, retryInMs: result.ttl };
  };
  limits.set(name, pace);
  return pace;
}

/**
 * A preHandler: at most `limit` per account (per address when logged out), counted once the
 * session is known and the CSRF check has passed, so that a forged request spends nobody's budget.
 * Every route given the same name shares one budget (uploads of photos, videos and profile pictures;
 * follows and unfollows).
 */
export function perAccount(app: FastifyInstance, name: string, limit: Limit) {
  const pace = keyedLimit(app, name, limit);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { allowed, retryInMs } = await pace(request.session ? `user:${request.session.user.id}` : `ip:${request.ip}`);
    if (allowed) return;
    reply.header('retry-after', Math.ceil(retryInMs / 1000));
    throw limited(retryInMs);
  };
}
