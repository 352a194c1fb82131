import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { createIdGenerator } from './platform/ids.js';
import { startQueue } from './platform/queue.js';
import { connectRedis } from './platform/redis.js';
import { openStorage } from './platform/storage.js';
import { importGazetteer } from './features/places/gazetteer.js';
import { seedDemoWorldIfEmpty } from './seed/demo-world.js';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
const applied = await migrateToLatest(database.db);
const nextId = createIdGenerator(config.shardId);
const storage = await openStorage(config);
const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;

const queue = await startQueue({ pglite: database.pglite, connectionString: config.databaseUrl });

const app = await buildApp({ config, db: database.db, nextId, storage, redis, queue });
if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
if (config.seedDemo) {
  const seeded = await seedDemoWorldIfEmpty({ db: database.db, nextId, storage });
  if (seeded) app.log.info(seeded, 'demo world seeded');
}

/**
 * The whole gazetteer (135k cities) loads once per data folder, after the service is up: about 15 s
 * on PGlite that no one waits for (the demo world loads its own cities first). A later start reads
 * one row; a load cut short by a stop finishes on the next start.
 */
async function loadGazetteer() {
  const started = Date.now();
  try {
    const gazetteer = await importGazetteer(database.db);
    if (!gazetteer.skipped) app.log.info({ rows: gazetteer.rows, ms: Date.now() - started }, 'gazetteer loaded');
  } catch (err) {
    if (!closing) app.log.error({ err }, 'the gazetteer could not be loaded; it is tried again on the next start');
  }
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting, let requests in flight finish, then close the database so every acknowledged write is on disk.
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close();
    await queue.stop();
    await storage.close();
    redis?.disconnect();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
const media = config.s3 ? `bucket ${config.s3.bucket} at ${config.s3.endpoint}` : path.join(config.dataDir, 'media');
void loadGazetteer();
// A supervisor (scripts/supervise.mjs) restarts a service that dies only once it has been ready.
process.send?.({ type: 'ready' });
console.log(`\n  Shutter is running at http://${config.host}:${port}/  (database: ${where}; media: ${media})\n`);
