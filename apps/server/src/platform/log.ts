import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { LogFormat, LogLevel } from '../config.js';

/**
 * The service's log: JSON lines (pino's own, for log collectors; the default in production and
 * with LOG_FORMAT=json), or readable lines for a person at a terminal (LOG_FORMAT=pretty, the
 * default elsewhere). Both carry the same records; only their printing differs.
 */
export type { Logger };

/** Where the lines go: stdout, or a test's recorder. */
export interface LogOutput {
  write(text: string): unknown;
}

export function createLogger(options: { level: LogLevel; format: LogFormat; out?: LogOutput }): Logger {
  const out = options.out ?? process.stdout;
  if (options.format === 'json') {
    return pino({ level: options.level }, options.out ? { write: (line: string) => out.write(line) } : pino.destination({ dest: 1, sync: true }));
  }
  return pino({ level: options.level }, { write: (line: string) => out.write(prettyLine(line)) });
}

/**
 * Files a page loads beside itself: the built client's assets, pictures and videos, icons,
 * the manifest. Their requests are logged at debug level only, so that the log shows what
 * people did (pages, API calls), not the dozens of files each page pulls in.
 */
const ASSET_PREFIXES = ['/assets/', '/static/', '/media/'];
const ASSET_EXTENSIONS = new Set([
  'js', 'mjs', 'css', 'map', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp', 'woff', 'woff2', 'ttf', 'otf',
  'mp4', 'webm', 'mov', 'm4a', 'mp3', 'ogg', 'wav', 'webmanifest', 'br', 'gz', 'txt',
]);

export function isAssetRequest(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0]!;
  if (ASSET_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 && ASSET_EXTENSIONS.has(last.slice(dot + 1).toLowerCase());
}

/** The fields of a request's one log line: what was asked, how it was answered, in how long. */
export function requestLogFields(request: Pick<FastifyRequest, 'method' | 'url' | 'ip'>, reply: Pick<FastifyReply, 'statusCode' | 'elapsedTime'>) {
  return {
    method: request.method,
    url: request.url,
    statusCode: reply.statusCode,
    responseTime: Math.round(reply.elapsedTime * 10) / 10,
    ip: request.ip,
  };
}

/** info for pages and API calls, debug for assets, error for a fault of the service (5xx). */
export function requestLogLevel(url: string, statusCode: number): 'error' | 'info' | 'debug' {
  if (statusCode >= 500) return 'error';
  return isAssetRequest(url) ? 'debug' : 'info';
}

/**
 * One line per request, written once its answer is sent (Fastify's own pair of lines, one as the
 * request comes and one as it ends, is left out; the coming one shows at trace level). A failure of the service is logged with its
 * stack by the error handler, and its request line is an error too.
 */
export class RequestLog extends LogController {
  // Only at trace level: what a request waiting for its answer is, when one never ends.
  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = requestLogFields(request, reply);
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request failed while its answer was sent');
      return;
    }
    reply.log[requestLogLevel(request.url, reply.statusCode)](fields, 'request completed');
  }

  // A 404 of an unknown route is its request's line; "Route GET:/x not found" would say it twice.
  override routeNotFound(): void {}
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: '', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every record has, or that the readable line shows in its own way. */
const QUIET_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'step']);

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (time: number) => {
  const d = new Date(time);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const duration = (ms: number) => (ms < 10 ? `${Math.round(ms * 10) / 10} ms` : `${Math.round(ms)} ms`);
const fieldText = (value: unknown) => (typeof value === 'string' && !/\s/.test(value) && value !== '' ? value : JSON.stringify(value));

/**
 * A pino JSON line as a person reads it: `12:03:04 GET /api/v1/feed/timeline/ 200 12 ms` for a
 * request, `12:03:05 WARN message key=value` otherwise, and an error's stack on the lines below.
 */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = LEVEL_NAMES[Number(record.level)] ?? String(record.level);
  const head = `${clock(typeof record.time === 'number' ? record.time : Date.now())} ${level ? `${level} ` : ''}`;
  const { method, url, statusCode, responseTime } = record;
  let text: string;
  if (typeof method === 'string' && typeof url === 'string' && typeof statusCode === 'number' && typeof responseTime === 'number') {
    text = `${method} ${url} ${statusCode} ${duration(responseTime)}`;
  } else if (record.step) {
    // A startup step's line says it all in words; its fields are for JSON readers.
    text = String(record.msg ?? '');
  } else {
    const extra = Object.entries(record)
      .filter(([key, value]) => !QUIET_FIELDS.has(key) && value !== undefined)
      .map(([key, value]) => `${key}=${fieldText(value)}`);
    if (typeof record.err === 'string') extra.push(`err=${fieldText(record.err)}`);
    text = [String(record.msg ?? ''), ...extra].filter(Boolean).join(' ');
  }
  const err = record.err;
  const stack = err && typeof err === 'object' ? String((err as { stack?: unknown }).stack ?? (err as { message?: unknown }).message ?? '') : '';
  return `${head}${text}\n${stack ? `${stack.replace(/^/gm, '    ')}\n` : ''}`;
}

/** The address of the running service, set apart with blank lines so that it is not lost among the others. */
export function bannerText(message: string, details: string[] = []): string {
  return `\n  ${message}\n${details.map((d) => `  ${d}\n`).join('')}\n`;
}

/**
 * Says where the service runs. Readable logs print it whatever LOG_LEVEL says (a quiet log still
 * tells the address); JSON logs make it an info record with the same fields.
 */
export function printBanner(log: Logger, format: LogFormat, message: string, fields: object, details: string[] = [], out: LogOutput = process.stdout): void {
  if (format === 'json') log.info(fields, message);
  else out.write(bannerText(message, details));
}
