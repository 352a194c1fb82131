import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ACCOUNT_DELETION_DAYS_DEFAULT, DEFAULT_TOS_VERSION, TOS_VERSION_PATTERN, type ReportingFlags } from '@shutter/contract';
import { everyPublicAddress } from './proxy-ranges.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['json', 'pretty', 'text'] as const;
const lowercase = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** Every environment variable the service reads, parsed in one place. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://shutter.example' }).optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.preprocess(lowercase, z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })).default('info'),
  LOG_FORMAT: z.preprocess(lowercase, z.enum(LOG_FORMATS, { error: 'must be json, or pretty (also spelled text) for readable lines' })).optional(),
  SHARD_ID: z.coerce.number().int().min(0).max(8191).default(0),
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  NODE_ENV: z.string().default('development'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  SENSITIVE_HASHTAGS: z.string().max(10_000).optional(),
  DIRECT_ENABLED: z.enum(['true', 'false', '1', '0']).optional(),
  DIRECT_DESKTOP: z.enum(['true', 'false', '1', '0']).optional(),
  SIGNUP_CAPTCHA: z.enum(['true', 'false', '1', '0']).optional(),
  TOS_VERSION: z.string().trim().regex(TOS_VERSION_PATTERN, 'must be a short version name of up to 32 letters, digits, dots, dashes or underscores, such as 2026-11').default(DEFAULT_TOS_VERSION),
  GDPR_REQUIRED: z.enum(['true', 'false', '1', '0']).optional(),
  CREDENTIAL_AUTO_LOGIN: z.enum(['true', 'false', '1', '0']).optional(),
  PARENTAL_CONSENT_AGE: z.coerce.number({ error: 'must be an age in years, such as 16' }).int().min(14, 'must be 14 or more (nobody under 13 may sign up)').max(21).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587' }).optional(),
  MAIL_FROM: z.string().max(300).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be the provider\'s issuer URL, such as https://accounts.example.com' }).optional(),
  OIDC_CLIENT_ID: z.string().max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2000).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters (it is written on the login button)').optional(),
  REPORTING_MEDIA: z.enum(['true', 'false', '1', '0']).optional(),
  REPORTING_USER: z.enum(['true', 'false', '1', '0']).optional(),
  REPORTING_COMMENT: z.enum(['true', 'false', '1', '0']).optional(),
  REPORTING_STORY: z.enum(['true', 'false', '1', '0']).optional(),
  REPORTING_DIRECT_MESSAGE: z.enum(['true', 'false', '1', '0']).optional(),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address, such as support@shutter.example' }).optional(),
  COMMENT_FILTER_WORDS: z.string().max(100_000).optional(),
  COMMENT_FILTER_WORDS_FILE: z.string().max(4096).optional(),
  ACCOUNT_DELETION_DAYS: z.coerce.number({ error: 'must be a number of days, such as 30' }).int().min(0).max(3650).default(ACCOUNT_DELETION_DAYS_DEFAULT),
}).superRefine((e, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (e.S3_ENDPOINT && !e.S3_BUCKET) issue('S3_BUCKET', 'is required when S3_ENDPOINT is set (both turn on object storage)');
  if (e.S3_BUCKET && !e.S3_ENDPOINT) issue('S3_ENDPOINT', 'is required when S3_BUCKET is set (both turn on object storage)');
  if (!e.S3_ENDPOINT && !e.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const) {
      if (e[name] !== undefined) issue(name, 'has no effect without S3_ENDPOINT and S3_BUCKET');
    }
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    issue('PUBLIC_URL', 'is required in production: emailed links (password resets) use it, never the Host a request claims');
  }
  const badTags = parseHashtagList(e.SENSITIVE_HASHTAGS).filter((t) => !/^[\p{L}\p{N}_]{1,100}$/u.test(t) || /^\d+$/.test(t));
  if (badTags.length) issue('SENSITIVE_HASHTAGS', `${badTags.join(', ')} is not a hashtag (letters, digits and _, comma-separated)`);
  const proxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof proxy === 'string') issue('TRUST_PROXY', proxy);
  if (e.MAIL_FROM && !e.SMTP_URL) issue('MAIL_FROM', 'has no effect without SMTP_URL (mail then stays in the outbox)');
  oidcIssues(e, issue);
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    issue(e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
});

const OIDC_VARS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The three OIDC_* settings go together; OIDC_NAME only names them; http only for a provider on this machine. */
function oidcIssues(e: Partial<Record<(typeof OIDC_VARS)[number] | 'OIDC_NAME', string>>, issue: (path: string, message: string) => void): void {
  const given = OIDC_VARS.filter((name) => e[name] !== undefined);
  if (given.length === 0) {
    if (e.OIDC_NAME !== undefined) issue('OIDC_NAME', 'has no effect without OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    return;
  }
  for (const name of OIDC_VARS) {
    if (e[name] === undefined) issue(name, `is required when ${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'} set (the three turn on sign-in with OpenID Connect)`);
  }
  // An issuer that is no URL has its own issue already.
  const issuer = e.OIDC_ISSUER && URL.canParse(e.OIDC_ISSUER) ? new URL(e.OIDC_ISSUER) : null;
  if (issuer?.protocol === 'http:' && !LOCAL_HOSTS.has(issuer.hostname)) {
    issue('OIDC_ISSUER', 'must be https (plain http only for a provider on localhost)');
  }
}

/** Sign-in with the operator's OpenID Connect provider. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_NAME: what the login button calls the provider ("Continue with …"); unset, the client's words for "your provider". */
  name?: string;
}

/** Object storage for media files (server deployments); absent means files in dataDir/media. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's default credential chain (AWS_* variables, profiles, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` URLs (MinIO and most S3-compatible servers) instead of `bucket.host/key`. */
  forcePathStyle: boolean;
  /** A public base URL of the objects (a CDN, a public bucket); without it the service streams them at /media/. */
  publicUrl?: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database in dataDir/db. */
  databaseUrl?: string;
  redisUrl?: string;
  /** The origin of emailed links: PUBLIC_URL, or this machine in development; never a request header. */
  publicUrl: string;
  s3?: S3Config;
  /** Which peers may set X-Forwarded-For: none, the nearest N hops, or these addresses and ranges. */
  trustProxy: TrustProxy;
  /** LOG_LEVEL: what is logged; `info` shows the startup steps and one line per request (assets from `debug`). */
  logLevel: LogLevel;
  /** LOG_FORMAT: readable lines (`pretty`), or JSON lines for log collectors (the default in production). */
  logFormat: LogFormat;
  shardId: number;
  seedDemo: boolean;
  production: boolean;
  /** The built web client (index.html and assets). */
  webDist: string;
  /** SENSITIVE_HASHTAGS: when set, exactly these hashtags show a content advisory before their posts. */
  sensitiveHashtags?: string[];
  /** DIRECT_ENABLED: direct messages are offered (its pages and API); DIRECT_DESKTOP: in their desktop layout. */
  direct: { enabled: boolean; desktop: boolean };
  /** SIGNUP_CAPTCHA: signing up asks for the proof-of-work check (failed logins ask for it whatever this says). */
  signupCaptcha: boolean;
  /** CREDENTIAL_AUTO_LOGIN: logged-out pages log the visitor in with the password their browser saved for the site. */
  credentialAutoLogin: boolean;
  /** PARENTAL_CONSENT_AGE: a person younger than this needs a parent's approval to sign up; absent, nobody does. */
  parentalConsentAge?: number;
  /** TOS_VERSION: the terms in force; a logged-in person who agreed to another version meets the new terms first. */
  tosVersion: string;
  /** GDPR_REQUIRED: signing up and agreeing to the terms ask for explicit consent choices. */
  gdprRequired: boolean;
  /** SMTP_URL and MAIL_FROM: mail leaves through this server; absent, it stays in the outbox (/dev/outbox/). */
  smtp?: { url: string; from: string };
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (and OIDC_NAME): absent, nobody signs in with a provider. */
  oidc?: OidcConfig;
  /** REPORTING_MEDIA, REPORTING_USER, REPORTING_COMMENT, REPORTING_STORY, REPORTING_DIRECT_MESSAGE: what may be reported (each on unless false). */
  reporting: ReportingFlags;
  /** SUPPORT_EMAIL: where "Report a problem" mails go; absent, they are only logged. */
  supportEmail?: string;
  /**
   * COMMENT_FILTER_WORDS (comma-separated) and COMMENT_FILTER_WORDS_FILE (one a line, # comments):
   * offensive words the comment filter hides, on top of the built-in list.
   */
  commentFilterWords: string[];
  /** Days a deleted account waits before it is purged (0: at the next check); a login within them cancels the deletion. */
  accountDeletionDays: number;
}

/** `#a, B ,c` -> ['a', 'b', 'c']. */
const parseHashtagList = (v: string | undefined) => (v ?? '').split(',').map((t) => t.trim().replace(/^#/, '').toLowerCase()).filter(Boolean);

const truthy = (v: string | undefined) => v === 'true' || v === '1';

export type TrustProxy = false | number | string[];
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'json' | 'pretty';

/** An environment the service cannot start with: its message names each bad variable and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

// proxy-addr's names for the private ranges, accepted beside addresses and CIDR ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no one; a number trusts that many proxies in front of
 * the service; a comma-separated list trusts those addresses and ranges. A bare `true` would trust
 * any X-Forwarded-For a client writes (a new address per request passes every per-address limit),
 * so it is refused, and so is a list that covers every public address of a family (0.0.0.0/0, ::/0),
 * which is the same thing spelled as ranges. Returns the setting, or the problem as a sentence.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 'true would trust any client\'s X-Forwarded-For; give the number of proxies in front of the service (1) or their addresses (10.0.0.0/8,127.0.0.1)';
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : 'a hop count is between 0 and 10';
  const entries = v.split(',').map((x) => x.trim()).filter(Boolean);
  const bad = entries.filter((x) => !isProxyAddress(x));
  if (bad.length) return `${bad.join(', ')} is not an address, a CIDR range or one of loopback, linklocal, uniquelocal`;
  const family = everyPublicAddress(entries);
  if (family) {
    return `${entries.join(',')} ${entries.length > 1 ? 'cover' : 'covers'} every public ${family} address: like true, it would trust any client's X-Forwarded-For; list only the proxies' own addresses (10.0.0.0/8,127.0.0.1) or give their number (1)`;
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (as in most .env files).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const root = path.resolve(import.meta.dirname, '../../..');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    s3: e.S3_ENDPOINT && e.S3_BUCKET
      ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE === undefined ? true : truthy(e.S3_FORCE_PATH_STYLE),
        publicUrl: e.S3_PUBLIC_URL,
      }
      : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) as TrustProxy,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'json' || (e.LOG_FORMAT === undefined && e.NODE_ENV === 'production') ? 'json' : 'pretty',
    shardId: e.SHARD_ID,
    seedDemo: e.SEED_DEMO === undefined ? true : truthy(e.SEED_DEMO),
    production: e.NODE_ENV === 'production',
    webDist: path.join(root, 'apps/web/dist'),
    sensitiveHashtags: e.SENSITIVE_HASHTAGS === undefined ? undefined : parseHashtagList(e.SENSITIVE_HASHTAGS),
    direct: {
      enabled: e.DIRECT_ENABLED === undefined ? true : truthy(e.DIRECT_ENABLED),
      desktop: e.DIRECT_DESKTOP === undefined ? true : truthy(e.DIRECT_DESKTOP),
    },
    signupCaptcha: truthy(e.SIGNUP_CAPTCHA),
    credentialAutoLogin: e.CREDENTIAL_AUTO_LOGIN === undefined ? true : truthy(e.CREDENTIAL_AUTO_LOGIN),
    parentalConsentAge: e.PARENTAL_CONSENT_AGE,
    tosVersion: e.TOS_VERSION,
    gdprRequired: truthy(e.GDPR_REQUIRED),
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? `Shutter <no-reply@${new URL(publicUrl).hostname}>` } : undefined,
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
      : undefined,
    reporting: {
      media: e.REPORTING_MEDIA === undefined || truthy(e.REPORTING_MEDIA),
      user: e.REPORTING_USER === undefined || truthy(e.REPORTING_USER),
      comment: e.REPORTING_COMMENT === undefined || truthy(e.REPORTING_COMMENT),
      story: e.REPORTING_STORY === undefined || truthy(e.REPORTING_STORY),
      direct_message: e.REPORTING_DIRECT_MESSAGE === undefined || truthy(e.REPORTING_DIRECT_MESSAGE),
    },
    supportEmail: e.SUPPORT_EMAIL,
    accountDeletionDays: e.ACCOUNT_DELETION_DAYS,
    commentFilterWords: [...wordList(e.COMMENT_FILTER_WORDS ?? '', ','), ...(e.COMMENT_FILTER_WORDS_FILE ? wordList(readWordFile(e.COMMENT_FILTER_WORDS_FILE), '\n') : [])],
  };
}

const wordList = (text: string, separator: string) =>
  text.split(separator).map((w) => (separator === '\n' ? w.replace(/#.*$/, '') : w).trim().toLowerCase()).filter(Boolean);

function readWordFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid environment:\n  COMMENT_FILTER_WORDS_FILE: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
