import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { failure } from '@shutter/contract/results';

/**
 * Every route's answers are declared in its schema (`response`, by status), from the contract's
 * result schemas. In production an answer is only JSON.stringify'd; with `check` (the tests) it is
 * first checked against its declared schema, and a mismatch fails the request (500) and is logged
 * to stderr with the route and the schema's complaints.
 */
export function answerSerializer(check: boolean) {
  return ({ schema, method, url, httpStatus }: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
    const zod = toZod(schema);
    if (!check || !zod) return (data: unknown) => JSON.stringify(data);
    return (data: unknown) => {
      const result = zod.safeParse(data);
      if (!result.success) {
        const issues = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
        const message = `The ${httpStatus ?? ''} answer of ${method} ${url} does not match its declared schema: ${issues}`;
        process.stderr.write(`${message}\n  answer: ${JSON.stringify(data)?.slice(0, 400)}\n`);
        throw new AnswerMismatch(message);
      }
      return JSON.stringify(data);
    };
  };
}

export class AnswerMismatch extends Error {}

function toZod(schema: unknown): z.ZodType | null {
  if (schema && typeof schema === 'object' && 'safeParse' in schema) return schema as z.ZodType;
  if (schema && typeof schema === 'object' && 'properties' in schema) return toZod((schema as { properties: unknown }).properties);
  return null;
}

/** Statuses an operation may fail with, beside its success; see describeFailures. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Failures this route answers beyond those its method, inputs and security imply. */
    failures?: FailureStatus[];
  }
}

export const SECURITY_SCHEMES = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sessionid', description: 'The session, set by login and signup (HttpOnly).' },
  csrfHeader: { type: 'apiKey', in: 'header', name: 'X-CSRFToken', description: 'Every POST echoes the csrftoken cookie in this header, as it is or masked as the shared data gives it (or, for form posts, in the csrfmiddlewaretoken field).' },
  csrfCookie: { type: 'apiKey', in: 'cookie', name: 'csrftoken', description: 'The CSRF token, set on the first answer to any request (GET /data/shared_data/ also gives it, masked, as config.csrf_token). Only a token the service issued with this session, or with none, is taken.' },
} as const;

type Security = Record<string, string[]>[];
/** Who may call an operation: each item is one way (every scheme of it together). */
export const SECURITY: Record<'session' | 'optionalSession' | 'csrf' | 'sessionAndCsrf', Security> = {
  /** A GET that needs a session. */
  session: [{ sessionCookie: [] }],
  /** A GET for anyone; a session shows more (the viewer's own state, private accounts they follow). */
  optionalSession: [{}, { sessionCookie: [] }],
  /** A POST for anyone (signup, login, password reset): only the CSRF token. */
  csrf: [{ csrfHeader: [], csrfCookie: [] }],
  /** A POST that needs a session. */
  sessionAndCsrf: [{ sessionCookie: [], csrfHeader: [], csrfCookie: [] }],
};

export const FAILURE_TEXT: Record<FailureStatus, string> = {
  400: 'The request is not valid (a field, a variable, the body); form errors come per field.',
  401: 'Log in to continue (code login_required).',
  403: 'Not allowed: the CSRF token is missing or wrong, or the content is not the viewer\'s to see or change.',
  404: 'Not found (a user, a post, a comment or a page).',
  409: 'In conflict with what exists.',
  413: 'The body or the file is too large.',
  429: 'Too many requests: wait (code wait_minutes, wait_hours...) and try again.',
};

/** A failure's answer, by its status: the failure shape with what the status means here. */
export const failureAnswer = (description: string) => ({ description, content: { 'application/json': { schema: failure } } });

/**
 * Completes each documented route's schema as routes are added: an operationId, its security
 * (POSTs need the CSRF token and a session unless they say otherwise) and the failures it may
 * answer, each with the failure shape. `4xx` stands for any other client error.
 */
export function describeFailures(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as (Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> }) | undefined;
    if (!schema || schema.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isPost = methods.includes('POST');
    schema.operationId ??= operationIdOf(methods[0]!, route.url);
    schema.security ??= isPost ? SECURITY.sessionAndCsrf : SECURITY.optionalSession;
    // Bodies come as JSON or as form posts (application/x-www-form-urlencoded), both parsed alike.
    if (schema.body) schema.consumes ??= ['application/json', 'application/x-www-form-urlencoded'];
    const security = schema.security as Security;
    const statuses = new Set<FailureStatus>(route.config?.failures ?? []);
    if (isPost || schema.querystring || schema.params || schema.body) statuses.add(400);
    if (security.every((way) => 'sessionCookie' in way)) statuses.add(401);
    if (isPost) statuses.add(403);
    if (schema.params) statuses.add(404);
    const preHandlers = [route.preHandler ?? []].flat();
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit || preHandlers.length) statuses.add(429);
    const response = (schema.response ??= {});
    for (const status of [...statuses].sort()) response[status] ??= failureAnswer(FAILURE_TEXT[status]);
    response['4xx'] ??= failureAnswer('Any other client error, in the failure shape.');
  });
}

/** POST /web/likes/{media_id}/like/ becomes postWebLikesByMediaIdLike. */
export function operationIdOf(method: string, url: string): string {
  const words = url.split('/').filter(Boolean).map((segment) => {
    const param = segment.startsWith(':') ? segment.slice(1) : null;
    const name = (param ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
    return param ? `By${name}` : name;
  });
  return `${method.toLowerCase()}${words.join('') || 'Home'}`;
}
