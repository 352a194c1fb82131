import path from 'node:path';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { serviceUsing } from '../platform/data-lock.js';
import { setRoleByUsername } from '../features/moderation/roles.js';

/**
 * npm run admin -- role <username> <member|moderator|admin>: the operator's commands. Uses the
 * service's database (DATABASE_URL, or PGlite in DATA_DIR); the embedded one only while the service
 * is stopped, since one process at a time may open it.
 */
const USAGE = 'Usage: npm run admin -- role <username> <member|moderator|admin>';

async function main(argv: string[]): Promise<number> {
  const [command, username, role] = argv;
  if (command !== 'role' || !username || !role || argv.length > 3) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = serviceUsing(config.dataDir);
    if (pid !== null) {
      console.error(`Shutter is running (process ${pid}) on the embedded database in ${config.dataDir}. Stop it first, then run this again (or use DATABASE_URL with PostgreSQL, where this works at any time).`);
      return 1;
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrateToLatest(database.db);
    const change = await setRoleByUsername(database.db, username, role);
    if (!change.ok) {
      console.error(change.message);
      return 1;
    }
    console.log(change.from === change.to ? `${change.username} is already ${change.to}; nothing changed.` : `${change.username}: ${change.from} -> ${change.to}.`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
