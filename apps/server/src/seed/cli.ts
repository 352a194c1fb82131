import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createIdGenerator } from '../platform/ids.js';
import { openStorage } from '../platform/storage.js';
import { seedDemoWorldIfEmpty } from './demo-world.js';
import { seedCrowd } from './crowd.js';

/**
 * npm run seed -- [--users N]: the demo world, then N further generated accounts for benchmarks.
 * Uses the same database as the service (DATABASE_URL, or PGlite in DATA_DIR).
 */
const { values } = parseArgs({ options: { users: { type: 'string', default: '0' } } });
const extra = Number(values.users);
if (!Number.isInteger(extra) || extra < 0) {
  console.error('--users takes a whole number, for example: npm run seed -- --users 10000');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
const storage = await openStorage(config);
try {
  await migrateToLatest(database.db);
  const deps = { db: database.db, nextId: createIdGenerator(config.shardId), storage };
  const demo = await seedDemoWorldIfEmpty(deps);
  console.log(demo ? `demo world: ${demo.users} personas, ${demo.posts} posts` : 'demo world already there');
  if (extra > 0) {
    const started = Date.now();
    const n = await seedCrowd(deps, extra);
    console.log(`generated ${n} accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await storage.close();
  await database.close();
}
