import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the service reads, parsed in one place. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
}).superRefine((e, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (e.S3_ENDPOINT && !e.S3_BUCKET) issue('S3_BUCKET', 'is required when S3_ENDPOINT is set (both turn on object storage)');
  if (e.S3_BUCKET && !e.S3_ENDPOINT) issue('S3_ENDPOINT', 'is required when S3_BUCKET is set (both turn on object storage)');
  if (!e.S3_ENDPOINT && !e.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const) {
      if (e[name] !== undefined) issue(name, 'has no effect without S3_ENDPOINT and S3_BUCKET');
    }
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    issue(e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
});

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
  publicUrl?: string;
  s3?: S3Config;
  trustProxy: boolean;
  logLevel: string;
  shardId: number;
  seedDemo: boolean;
  production: boolean;
  /** The built web client (index.html and assets). */
  webDist: string;
}

const truthy = (v: string | undefined) => v === 'true' || v === '1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (as in most .env files).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
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
    trustProxy: truthy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    shardId: e.SHARD_ID,
    seedDemo: e.SEED_DEMO === undefined ? true : truthy(e.SEED_DEMO),
    production: e.NODE_ENV === 'production',
    webDist: path.join(root, 'apps/web/dist'),
  };
}
