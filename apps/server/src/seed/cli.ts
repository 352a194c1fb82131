import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { createIdGenerator } from '../platform/ids.js';
import { createLogger } from '../platform/log.js';
import { startStep } from '../platform/log-steps.js';
import { openStorage } from '../platform/open-storage.js';
import { hasNoAccounts, seedDemoWorldIfEmpty } from './demo-world.js';
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
const log = createLogger({ level: config.logLevel, format: config.logFormat });
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
const storage = await openStorage(config);
try {
  await migrateToLatest(database.db);
  const deps = { db: database.db, nextId: createIdGenerator(config.shardId), storage };
  if (await hasNoAccounts(database.db)) {
    const seeding = startStep(log, 'Seeding the demo world', { opening: 'Seeding the demo world…' });
    const demo = await seedDemoWorldIfEmpty({ ...deps, progress: seeding.progress });
    if (demo) seeding.end(`Demo world seeded: ${demo.users} people, ${demo.posts} posts`, demo);
  } else {
    log.info({}, 'The demo world is already there (the database has accounts).');
  }
  if (extra > 0) {
    const generating = startStep(log, 'Generating accounts', { opening: `Generating ${extra.toLocaleString('en-US')} accounts…` });
    const n = await seedCrowd(deps, extra, generating.progress);
    generating.end(`Generated ${n.toLocaleString('en-US')} accounts`, { users: n });
  }
} finally {
  await storage.close();
  await database.close();
}
