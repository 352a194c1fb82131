import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { createLogger, printBanner, type Logger } from './platform/log.js';
import { elapsed, startStep } from './platform/log-steps.js';

/**
 * The service's start, told step by step (database, migrations, the demo world on a first start,
 * the places, the address), then one line per request: readable lines, or JSON lines in
 * production and with LOG_FORMAT=json.
 */
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Shutter cannot start. ${err.message}\nFix them and start again (README.md's Configuration lists every variable).`);
  process.exit(1);
}
const log = createLogger({ level: config.logLevel, format: config.logFormat });

// A fault nothing caught ends the service (a supervisor starts it again), logged with its stack.
const crash = (err: unknown) => {
  log.fatal({ err }, 'the service stopped on an unexpected error');
  process.exit(1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

let closing = false;
let app: FastifyInstance | undefined;

async function start(): Promise<void> {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  const media = config.s3 ? `bucket ${config.s3.bucket} at ${config.s3.endpoint}` : path.join(config.dataDir, 'media');
  const opening = startStep(log, 'Starting Shutter', { opening: `Starting Shutter (database: ${where}; media: ${media})…`, heartbeat: true });
  // The service's code (seconds to load) is loaded after the first line, so that no start is silent.
  const { buildApp } = await import('./app.js');
  const { migrateToLatest, openDatabase } = await import('./db/database.js');
  const { createIdGenerator } = await import('./platform/ids.js');
  const { startQueue } = await import('./platform/queue.js');
  const { connectRedis } = await import('./platform/redis.js');
  const { openStorage } = await import('./platform/open-storage.js');
  const { gazetteerComplete } = await import('./features/places/gazetteer.js');
  const { hasNoAccounts, seedDemoWorldIfEmpty } = await import('./seed/demo-world.js');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  // Tools that open the embedded database (npm run admin) refuse while the service holds it.
  if (!config.databaseUrl) (await import('./platform/data-lock.js')).holdDataDir(config.dataDir);
  const applied = await migrateToLatest(database.db);
  opening.end(applied.length ? `Database ready: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied` : 'Database ready', { migrations: applied });
  const nextId = createIdGenerator(config.shardId);
  const storage = await openStorage(config);
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const queue = await startQueue({ pglite: database.pglite, connectionString: config.databaseUrl });
  app = await buildApp({ config, db: database.db, soleWriter: database.kind === 'pglite', nextId, storage, redis, queue, log });

  if (config.seedDemo && (await hasNoAccounts(database.db))) {
    const seeding = startStep(log, 'Seeding the demo world', { opening: 'Seeding the demo world (first start only: people, posts, stories)…', heartbeat: true });
    const seeded = await seedDemoWorldIfEmpty({ db: database.db, nextId, storage, progress: seeding.progress });
    if (seeded) seeding.end(`Demo world seeded: ${seeded.users} people, ${seeded.posts} posts`, seeded);
  }
  const placesPending = !(await gazetteerComplete(database.db));

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ step: 'Stopping', signal }, `Shutting down (${signal})…`);
    // Stop accepting, let requests in flight finish, then close the database so every acknowledged write is on disk.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app?.close();
      await queue.stop();
      await storage.close();
      redis?.disconnect();
      await database.close();
      log.info({ step: 'Stopping' }, 'Shutter stopped.');
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (placesPending) void loadPlaces(database, log);
  const url = `http://${config.host}:${port}/`;
  // From the process's own start: loading the code is part of the wait.
  const ms = Math.round(process.uptime() * 1000);
  printBanner(log, config.logFormat, `Shutter is running at ${url}`, { url, database: where, media, ms }, [
    `(started in ${elapsed(ms)}; database: ${where}; media: ${media})`,
    ...(placesPending ? ['Place search is incomplete until the world\'s places are loaded (see below).'] : []),
  ]);
  // A supervisor (scripts/supervise.mjs) restarts a service that dies only once it has been ready.
  process.send?.({ type: 'ready' });
}

/**
 * The whole gazetteer (135k places) loads once per data folder, after the service is up: about
 * 15 s on PGlite, while place search finds the demo world's cities only (they are loaded with
 * it). A later start reads one row; a load cut short by a stop finishes on the next start.
 */
async function loadPlaces(database: DatabaseHandle, logger: Logger): Promise<void> {
  const step = startStep(logger, 'Place search is still loading', {
    opening: 'Place search is loading the world\'s places in the background (once per data folder)…',
  });
  try {
    const { importGazetteer } = await import('./features/places/gazetteer.js');
    const gazetteer = await importGazetteer(database.db, undefined, (done, total) => step.progress(done, total, 'places'));
    if (!gazetteer.skipped) step.end(`Place search ready: ${gazetteer.rows.toLocaleString('en-US')} places`, { rows: gazetteer.rows });
  } catch (err) {
    if (!closing) logger.error({ err }, 'the world\'s places could not be loaded; place search finds the demo world\'s cities, and the load is tried again on the next start');
  }
}

start().catch((err: unknown) => {
  log.fatal({ err }, 'Shutter could not start');
  process.exit(1);
});
