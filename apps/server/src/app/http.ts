import zlib from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { messageText } from '@shutter/contract';
import type { Config } from '../config.js';
import { answerSerializer } from '../platform/answers.js';
import { RequestLog } from '../platform/log.js';
import { registerApiDocs } from '../platform/api-docs.js';
import { answerFrameworkError, registerErrorHandler } from '../platform/error-handler.js';
import { retryAfter } from '../platform/rate-limits.js';
import type { Redis } from '../platform/redis.js';
import { BODY_BYTES } from '../platform/body-limits.js';
import { AFTER_PAINT_LOADER_CSP } from '../platform/web/after-paint-loader.js';
import { closeAfterUnreadBody } from '../platform/unread-body.js';
import type { Storage } from '../platform/storage.js';

interface ServerOptions {
  config: Config;
  logger?: boolean | { level: string };
  log?: FastifyBaseLogger;
  checkAnswers?: boolean;
}

/** The Fastify instance with the service's logging, proxies, limits and answers, before any plugin. */
export function createHttpServer(deps: ServerOptions): FastifyInstance {
  const { config } = deps;
  const app = Fastify({
    ...(deps.log ? { loggerInstance: deps.log } : { logger: deps.logger ?? { level: config.logLevel } }),
    // One line per request, as its answer is sent; assets only at debug level.
    logController: new RequestLog(),
    trustProxy: trustedHops(config.trustProxy),
    bodyLimit: BODY_BYTES.default,
    // Slashes matter: /a and /a/ are different paths, and the first redirects to the second.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  });
  // While closing, answers to requests in flight close their connection, so that keep-alive
  // sockets do not hold the shutdown open until they time out.
  let closing = false;
  app.addHook('preClose', async () => { closing = true; });
  app.addHook('onSend', async (_request, reply) => { if (closing) reply.header('connection', 'close'); });
  closeAfterUnreadBody(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(deps.checkAnswers ?? false));
  registerErrorHandler(app);
  return app;
}

interface PluginOptions {
  config: Config;
  storage: Storage;
  redis?: Redis;
  redisPrefix?: string;
}

/** Security headers, compression, cookies, bodies, rate limits and the API's documentation. */
export async function registerHttpPlugins(app: FastifyInstance, { config, storage, redis, redisPrefix }: PluginOptions): Promise<void> {
  await app.register(fastifyHelmet, securityHeaders(config, storage));
  // gzip for what compresses (JSON, HTML, JS, CSS); images and videos are sent as they are. Each
  // write is flushed: a page's head (its preloads) must reach the browser while React renders the
  // rest (platform/web/server-render.ts), not wait in the compressor. A body written at once is
  // one write, compressed as before.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'], zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH } });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: BODY_BYTES.default });
  // Upload routes read their parts with their own limits (see features/posts/multipart.ts).
  await app.register(fastifyMultipart);
  if (redis) warnWhileRedisIsDown(app, redis);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisPrefix ?? 'shutter'}:rl:` } : {}),
    // A Redis outage lets requests through (logged above) rather than failing every limited route.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => {
      const wait = retryAfter(ctx.ttl);
      return { statusCode: 429, status: 'fail', message: messageText(wait), ...wait };
    },
  });
  await registerApiDocs(app);
}

function securityHeaders(config: Config, storage: Storage) {
  const mediaOrigins = storage.externalOrigin ? [storage.externalOrigin] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // This origin's files, and the one inline script that starts a page's own after its paint.
        scriptSrc: ["'self'", AFTER_PAINT_LOADER_CSP],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        // This origin only, and its WebSocket (ws: or wss:, as the page's scheme); never any other host.
        connectSrc: ["'self'", new URL(config.publicUrl).origin.replace(/^http/, 'ws')],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.production,
  };
}

const REDIS_WARNING_EVERY_MS = 60_000;

/** One log line a minute while Redis cannot be reached, not one per reconnection attempt. */
function warnWhileRedisIsDown(app: FastifyInstance, redis: Redis): void {
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - lastWarning < REDIS_WARNING_EVERY_MS) return;
    lastWarning = Date.now();
    app.log.warn({ err: err.message }, 'Redis is unreachable: rate limits are not enforced and summaries are read from the database until it is back');
  });
}

/**
 * Fastify's own hop count trusts no one (it cannot check the nearest peer), so a count is the
 * nearest N hops here: right only when the service is reachable through those proxies alone, as
 * docs/security.md says. An address list checks the peers themselves.
 */
function trustedHops(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
