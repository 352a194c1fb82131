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
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database in dataDir/db. */
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl?: string;
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
    trustProxy: truthy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    shardId: e.SHARD_ID,
    seedDemo: e.SEED_DEMO === undefined ? true : truthy(e.SEED_DEMO),
    production: e.NODE_ENV === 'production',
    webDist: path.join(root, 'apps/web/dist'),
  };
}
