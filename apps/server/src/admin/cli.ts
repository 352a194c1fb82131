import path from 'node:path';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { serviceUsing } from '../platform/data-lock.js';
import { setRoleByUsername } from '../features/moderation/roles.js';
import { createPurge } from '../features/leaving/purge.js';
import { openStorage } from '../platform/open-storage.js';

/**
 * npm run admin -- role <username> <member|moderator|admin>, and npm run admin -- purge-departed
 * (purges now the deleted accounts whose days are over): the operator's commands. Uses the
 * service's database (DATABASE_URL, or PGlite in DATA_DIR); the embedded one only while the service
 * is stopped, since one process at a time may open it.
 */
const USAGE = 'Usage: npm run admin -- role <username> <member|moderator|admin>\n       npm run admin -- purge-departed';

async function main(argv: string[]): Promise<number> {
  const [command, username, role] = argv;
  const purging = command === 'purge-departed' && argv.length === 1;
  if (!purging && (command !== 'role' || !username || !role || argv.length > 3)) {
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
    if (purging) {
      const storage = await openStorage(config);
      const purged = await createPurge(database.db, storage).purgeDue();
      await storage.close();
      console.log(`${purged} deleted account${purged === 1 ? '' : 's'} purged.`);
      return 0;
    }
    const change = await setRoleByUsername(database.db, username!, role!);
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
