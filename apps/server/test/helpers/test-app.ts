import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { buildApp, type AppDeps } from '../../src/app.js';
import type { TimelineOptions } from '../../src/features/feed/timelines.js';
import { loadConfig } from '../../src/config.js';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/database.js';
import { createIdGenerator } from '../../src/platform/ids.js';
import { startQueue, type Queue } from '../../src/platform/queue.js';
import { connectRedis, type Redis } from '../../src/platform/redis.js';
import type { S3Config } from '../../src/config.js';
import type { SyncPublisher } from '../../src/platform/realtime/types.js';
import { openStorage } from '../../src/platform/open-storage.js';
import type { Storage } from '../../src/platform/storage.js';
import { Agent } from './agent.js';

/** Which database the API suites run on: PGlite, or real PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const databaseKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  storage: Storage;
  /** The service's DATA_DIR (uploads spool in its `uploads` folder). */
  dataDir: string;
  queue: Queue;
  /** Prefix of its Redis keys and channels. */
  redisPrefix: string;
  close(): Promise<void>;
}

let template: Blob | undefined;

/** The migrated database the run made once (see pglite-template.ts), read once per worker. */
function pgliteTemplate(): Blob | undefined {
  // Outside a vitest run (the OpenAPI document's script) there is no template: a new database is made.
  if (!process.env.VITEST) return undefined;
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

/** Any number that no other advisory lock of this database uses. */
const CATALOG_LOCK = 7_310_422;

/**
 * Runs `work` while no other suite creates, migrates or drops a schema. The migrator lists tables
 * across the whole catalogue, and a schema dropped by a parallel suite in the middle of that listing
 * fails it with "relation does not exist".
 */
async function withCatalogLock(work: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [CATALOG_LOCK]);
    await work(admin);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [CATALOG_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

export interface TestAppOptions {
  /** Media files in this bucket instead of a temporary folder. */
  s3?: S3Config;
  /** A built web client (apps/web/dist's layout) to serve; none by default. */
  webDist?: string;
  /** Environment variables, as an operator would set them (TRUST_PROXY, PUBLIC_URL, ...). */
  env?: Record<string, string>;
  /** Rate limits in this Redis instead of REDIS_URL's (or memory). */
  redisUrl?: string;
  /** Lower timeline thresholds, to reach the queued fan-out, the star merge or the floor with few accounts. */
  timelines?: Partial<TimelineOptions>;
  /** Counts the statements the service sends to the database. */
  countQueries?: { n: number };
  /** Where the direct area tells its changes. */
  directPublisher?: SyncPublisher;
  /** The real-time channel's settings (a shorter session check). */
  realtime?: AppDeps['realtime'];
  /**
   * The service as the embedded default runs it: the only process writing to its database. Off by
   * default, as suites also write through helpers that stand for other processes.
   */
  soleWriter?: boolean;
}

/**
 * Another instance of the service `of` runs: the same database, files and Redis, its own process
 * memory. With `ownRedisPrefix` it shares no Redis keys either, so its caches start empty.
 */
export async function createSecondInstance(of: TestApp, options: { ownRedisPrefix?: boolean; countQueries?: { n: number } } = {}): Promise<TestApp> {
  const redisPrefix = options.ownRedisPrefix ? `test:${randomBytes(6).toString('hex')}` : of.redisPrefix;
  const redis = process.env.REDIS_URL ? connectRedis(process.env.REDIS_URL) : undefined;
  const app = await buildApp({
    queue: of.queue,
    runWorkers: false,
    config: { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: of.dataDir }), webDist: path.join(of.dataDir, 'no-web-build') },
    db: options.countQueries ? of.db.withPlugin(countingPlugin(options.countQueries)) : of.db,
    nextId: createIdGenerator(Number.parseInt(randomBytes(2).toString('hex'), 16) % 8192),
    storage: of.storage,
    redis,
    redisPrefix,
    logger: false,
    checkAnswers: true,
  });
  await app.ready();
  return {
    ...of,
    app,
    redisPrefix,
    async close() {
      await app.close();
      if (redis) {
        if (options.ownRedisPrefix) await dropKeys(redis, redisPrefix);
        redis.disconnect();
      }
    },
  };
}

function countingPlugin(counter: { n: number }): KyselyPlugin {
  return {
    transformQuery: (args) => {
      counter.n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

async function dropKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`).catch(() => [] as string[]);
  if (keys.length) await redis.del(...keys).catch(() => undefined);
}

/**
 * A service on a database of its own: in-memory PGlite, or a fresh schema in PostgreSQL that is
 * dropped afterwards. With REDIS_URL, rate limits go to Redis under a prefix of its own.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const suffix = randomBytes(6).toString('hex');
  const schema = `test_${suffix}`;
  const database = await openDatabase(TEST_DATABASE_URL ? { url: TEST_DATABASE_URL, schema, poolSize: 4 } : { loadDataDir: pgliteTemplate() });
  if (TEST_DATABASE_URL) {
    await withCatalogLock(async (admin) => {
      // In `public`, so that dropping a suite's schema never drops what the others use.
      await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
      await admin.query('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
      await admin.query(`CREATE SCHEMA ${schema}`);
      await migrateToLatest(database.db, schema);
    });
  } else {
    await migrateToLatest(database.db);
  }
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-media-'));
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL;
  const redis: Redis | undefined = redisUrl ? connectRedis(redisUrl) : undefined;
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mediaDir, ...options.env }), webDist: options.webDist ?? path.join(mediaDir, 'no-web-build'), s3: options.s3 };
  const storage = await openStorage(config);
  const queue = await startQueue({ pglite: database.pglite, connectionString: TEST_DATABASE_URL, schema: TEST_DATABASE_URL ? `pgboss_${suffix}` : undefined, pollingIntervalSeconds: 0.5 });
  const counter = options.countQueries;
  const app = await buildApp({
    queue,
    config,
    db: counter ? database.db.withPlugin(countingPlugin(counter)) : database.db,
    soleWriter: options.soleWriter,
    timelines: options.timelines,
    directPublisher: options.directPublisher,
    realtime: options.realtime,
    nextId: createIdGenerator(Number.parseInt(suffix.slice(0, 3), 16) % 8192),
    storage,
    redis,
    redisPrefix: `test:${suffix}`,
    logger: false,
    // Every JSON answer is checked against its route's declared schema: a mismatch answers 500.
    checkAnswers: true,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    storage,
    dataDir: mediaDir,
    queue,
    redisPrefix: `test:${suffix}`,
    async close() {
      await app.close();
      await queue.stop();
      await storage.close();
      await database.close();
      if (redis) {
        await dropKeys(redis, `test:${suffix}`);
        redis.disconnect();
      }
      if (TEST_DATABASE_URL) {
        await withCatalogLock(async (admin) => {
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          await admin.query(`DROP SCHEMA IF EXISTS pgboss_${suffix} CASCADE`);
        });
      }
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Two instances over one database (and Redis, where REDIS_URL is set), as a fleet runs them. */
export async function twoInstances(): Promise<[TestApp, TestApp]> {
  const a = await createTestApp();
  return [a, await createSecondInstance(a)];
}

/** The same browser session (its cookies), talking to another instance. */
export function sameSessionOn(other: TestApp, agent: Agent): Agent {
  const moved = new Agent(other.app);
  for (const [k, v] of agent.cookies) moved.cookies.set(k, v);
  return moved;
}
