import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { input?: unknown; received?: unknown };
}

const CLIENT_STATUSES = new Set([400, 401, 403, 404, 409, 413, 429]);

function describeValidation(issues: ValidationIssue[], context: string | undefined) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || (context ?? 'body');
    const missing = issue.keyword === 'invalid_type' && issue.params && 'input' in issue.params && issue.params.input === undefined;
    const text = missing ? `${field} is required.` : issue.message ?? 'is not valid.';
    (errors[field] ??= []).push(text);
  }
  const [field, messages] = Object.entries(errors)[0] ?? ['body', ['is not valid.']];
  const first = messages[0]!;
  const message = first.startsWith(field) ? first : `${field}: ${first}`;
  return { message, errors };
}

/**
 * The router's own refusals (a path that is not valid percent-encoding, a path segment over the
 * length limit) come before any route and its error handler: they get the API's shape too.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.code(tooLong ? 414 : 400).send({ status: 'fail', message: tooLong ? 'A part of this address is too long.' : 'This address is not valid.' });
}

/**
 * One failure shape for the whole API: {"status":"fail","message":...} with a 4xx for anything a
 * client sent. Only a fault of the service itself answers 500, and it is logged.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ status: 'fail', message: err.message, ...err.extra });
    }
    if (Array.isArray(err.validation)) {
      return reply.code(400).send({ status: 'fail', ...describeValidation(err.validation as ValidationIssue[], err.validationContext) });
    }
    // A value the database cannot hold (PostgreSQL's class 22, data exceptions) came from the
    // client: validation should have caught it, so say so in the log, but answer 400.
    if (typeof err.code === 'string' && /^22[0-9A-Z]{3}$/.test(err.code) && !err.statusCode) {
      request.log.warn({ err }, 'database refused a value that validation let through');
      return reply.code(400).send({ status: 'fail', message: 'A value in the request is out of range.' });
    }
    const code = err.statusCode ?? 500;
    if (code >= 400 && code < 500) {
      const status = CLIENT_STATUSES.has(code) ? code : 400;
      const message = code === 415 ? 'Unsupported content type.'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'This request is too large: send less text.'
          : err.message || 'Bad request.';
      return reply.code(status).send({ status: 'fail', message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ status: 'fail', message: 'Something went wrong on our side. Please try again.' });
  });
}
