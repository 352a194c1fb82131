import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogFormat, LogLevel } from '../config.js';
import { registerErrorHandler } from './error-handler.js';
import { bannerText, createLogger, isAssetRequest, prettyLine, requestLogLevel, RequestLog } from './log.js';

/** A service's log written into lines a test can read. */
function recorder() {
  const lines: string[] = [];
  return { lines, write: (text: string) => { lines.push(...text.split('\n').filter(Boolean)); } };
}

let app: FastifyInstance | undefined;
afterEach(async () => { await app?.close(); app = undefined; });

/** A small app logged as the service is: one line per request through RequestLog, errors through the error handler. */
async function loggedApp(level: LogLevel, format: LogFormat) {
  const out = recorder();
  app = Fastify({ loggerInstance: createLogger({ level, format, out }) as FastifyBaseLogger, logController: new RequestLog() });
  registerErrorHandler(app);
  app.get('/api/v1/feed/timeline/', async () => ({ status: 'ok' }));
  app.get('/api/v1/broken/', async () => { throw new Error('the disk is on fire'); });
  app.get('/assets/index-abc123.js', async (_req, reply) => reply.type('text/javascript').send('1'));
  app.get('/favicon.svg', async (_req, reply) => reply.type('image/svg+xml').send('<svg/>'));
  app.get('/media/p/1/2/1080.jpg', async (_req, reply) => reply.type('image/jpeg').send('x'));
  app.get('/alice/', async (_req, reply) => reply.type('text/html').send('<html>'));
  await app.ready();
  out.lines.length = 0;
  return out;
}

describe('which requests are assets', () => {
  it('the built client, pictures, videos, icons and the like', () => {
    for (const url of [
      '/assets/index-abc123.js', '/assets/app.css?v=1', '/static/default-avatar.svg', '/media/p/12/34/1080.jpg', '/media/v/1/video.mp4',
      '/favicon.svg', '/favicon.ico', '/logo.svg', '/sw.js', '/manifest.webmanifest', '/robots.txt', '/fonts/inter.woff2',
    ]) expect(isAssetRequest(url), url).toBe(true);
  });

  it('not pages, API calls or data, even with a dot in a username', () => {
    for (const url of [
      '/', '/alice/', '/noodle.studio/', '/p/Cx1yZ/', '/api/v1/feed/timeline/', '/api/v1/media/12/info/', '/data/shared_data/',
      '/explore/locations/2267057/lisbon/', '/api/v1/web/search/topsearch/?query=a.jpg', '/docs/json',
    ]) expect(isAssetRequest(url), url).toBe(false);
  });

  it('are logged at debug level; failures of the service at error level', () => {
    expect(requestLogLevel('/api/v1/feed/timeline/', 200)).toBe('info');
    expect(requestLogLevel('/api/v1/feed/timeline/', 404)).toBe('info');
    expect(requestLogLevel('/assets/a.js', 200)).toBe('debug');
    expect(requestLogLevel('/assets/a.js', 503)).toBe('error');
    expect(requestLogLevel('/api/v1/feed/timeline/', 500)).toBe('error');
  });
});

describe('readable request logs (the default)', () => {
  it('one line per API call or page once answered; none for assets', async () => {
    const out = await loggedApp('info', 'pretty');
    await app!.inject('/api/v1/feed/timeline/');
    await app!.inject('/assets/index-abc123.js');
    await app!.inject('/favicon.svg');
    await app!.inject('/media/p/1/2/1080.jpg');
    await app!.inject('/alice/');
    await app!.inject('/nowhere/');
    expect(out.lines).toHaveLength(3);
    expect(out.lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/feed\/timeline\/ 200 \d+(\.\d)? ms$/);
    expect(out.lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/alice\/ 200 \d+(\.\d)? ms$/);
    expect(out.lines[2]).toMatch(/^\d\d:\d\d:\d\d GET \/nowhere\/ 404 \d+(\.\d)? ms$/);
    expect(out.lines.join('\n')).not.toMatch(/incoming request|\{/);
  });

  it('at trace level a request is told as it comes too, before its answer', async () => {
    const out = await loggedApp('trace', 'pretty');
    await app!.inject('/api/v1/feed/timeline/');
    const coming = out.lines.findIndex((line) => /TRACE incoming request/.test(line) && line.includes('/api/v1/feed/timeline/'));
    const answered = out.lines.findIndex((line) => /GET \/api\/v1\/feed\/timeline\/ 200/.test(line));
    expect(coming).toBeGreaterThanOrEqual(0);
    expect(answered).toBeGreaterThan(coming);
  });

  it('assets too when LOG_LEVEL asks for debug', async () => {
    const out = await loggedApp('debug', 'pretty');
    await app!.inject('/assets/index-abc123.js');
    await app!.inject('/api/v1/feed/timeline/');
    expect(out.lines.filter((l) => / GET \//.test(l))).toEqual([
      expect.stringMatching(/ DEBUG GET \/assets\/index-abc123\.js 200 /),
      expect.stringMatching(/\d GET \/api\/v1\/feed\/timeline\/ 200 /),
    ]);
  });

  it('a failure of the service with its stack, then its request line', async () => {
    const out = await loggedApp('info', 'pretty');
    const res = await app!.inject('/api/v1/broken/');
    expect(res.statusCode).toBe(500);
    const text = out.lines.join('\n');
    expect(text).toMatch(/ERROR request failed reqId=req-\w+\n {4}Error: the disk is on fire\n {8}at /);
    expect(out.lines.at(-1)).toMatch(/ERROR GET \/api\/v1\/broken\/ 500 /);
  });

  it('only warnings and errors with LOG_LEVEL=warn', async () => {
    const out = await loggedApp('warn', 'pretty');
    await app!.inject('/api/v1/feed/timeline/');
    expect(out.lines).toEqual([]);
    await app!.inject('/api/v1/broken/');
    expect(out.lines.join('\n')).toMatch(/the disk is on fire/);
  });
});

describe('JSON logs (production, LOG_FORMAT=json)', () => {
  it('one JSON line per request with its method, address, status and time; none for assets', async () => {
    const out = await loggedApp('info', 'json');
    await app!.inject('/api/v1/feed/timeline/');
    await app!.inject('/assets/index-abc123.js');
    expect(out.lines).toHaveLength(1);
    const record = JSON.parse(out.lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 30, method: 'GET', url: '/api/v1/feed/timeline/', statusCode: 200, msg: 'request completed' });
    expect(record.responseTime).toEqual(expect.any(Number));
    expect(record.time).toEqual(expect.any(Number));
    expect(record.reqId).toEqual(expect.any(String));
  });

  it('a failure of the service as an error record with its stack', async () => {
    const out = await loggedApp('info', 'json');
    await app!.inject('/api/v1/broken/');
    const records = out.lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack: string }; statusCode?: number });
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ level: 50, msg: 'request failed' });
    expect(records[0]!.err!.stack).toMatch(/^Error: the disk is on fire\n\s+at /);
    expect(records[1]).toMatchObject({ level: 50, statusCode: 500, msg: 'request completed' });
  });
});

describe('readable lines', () => {
  const at = new Date(2026, 10, 25, 9, 5, 7).getTime();
  const line = (record: object) => prettyLine(`${JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...record })}\n`);

  it('a request as method, address, status and time', () => {
    expect(line({ reqId: 'req-1', method: 'GET', url: '/api/v1/feed/timeline/', statusCode: 200, responseTime: 12.3, ip: '127.0.0.1', msg: 'request completed' }))
      .toBe('09:05:07 GET /api/v1/feed/timeline/ 200 12 ms\n');
    expect(line({ method: 'POST', url: '/api/v1/web/likes/1/like/', statusCode: 403, responseTime: 2.44, msg: 'request completed' }))
      .toBe('09:05:07 POST /api/v1/web/likes/1/like/ 403 2.4 ms\n');
  });

  it('other records as their message with their fields, the level when it is not info', () => {
    expect(line({ level: 40, err: 'connect ECONNREFUSED', msg: 'Redis is unreachable' })).toBe('09:05:07 WARN Redis is unreachable err="connect ECONNREFUSED"\n');
    expect(line({ signal: 'SIGTERM', msg: 'Shutting down (SIGTERM)…' })).toBe('09:05:07 Shutting down (SIGTERM)… signal=SIGTERM\n');
    expect(line({ step: 'Seeding the demo world', done: 40, total: 120, unit: 'people', msg: 'Seeding the demo world: 40/120 people…' }))
      .toBe('09:05:07 Seeding the demo world: 40/120 people…\n');
  });

  it('an error with its stack below', () => {
    expect(line({ level: 60, err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at main (main.ts:1:1)' }, msg: 'the service stopped on an unexpected error' }))
      .toBe('09:05:07 FATAL the service stopped on an unexpected error\n    Error: boom\n        at main (main.ts:1:1)\n');
  });

  it('what is not JSON as it is', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });

  it('the address set apart', () => {
    expect(bannerText('Shutter is running at http://localhost:8080/', ['(started in 3.1 s)']))
      .toBe('\n  Shutter is running at http://localhost:8080/\n  (started in 3.1 s)\n\n');
  });
});
