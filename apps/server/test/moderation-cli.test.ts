import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createAccountsRepository } from '../src/features/accounts/repository.js';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The operator's command, as `npm run admin` runs it, on the embedded database in `dataDir`. */
function admin(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
}

describe('npm run admin -- role (embedded database)', () => {
  it('sets a role on a stopped data folder, says what changed, and refuses an unknown person or a running service', async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    await createAccountsRepository(database.db).insertUser({ id: '1001', username: 'Alice', email: 'alice@example.org', full_name: 'Alice', password_hash: 'x', opt_into_one_tap: false });
    await database.close();

    const made = admin('role', 'alice', 'moderator');
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout.trim()).toBe('Alice: member -> moderator.');
    expect(admin('role', 'alice', 'moderator').stdout.trim()).toBe('Alice is already moderator; nothing changed.');

    const unknown = admin('role', 'nobody', 'moderator');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account has the username "nobody"');
    expect(admin('role', 'alice').status).toBe(2);

    // A live process holds the folder, as the service does while it runs.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dataDir, 'service.pid'), String(holder.pid));
      const refused = admin('role', 'alice', 'member');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`Shutter is running (process ${holder.pid})`);
    } finally {
      holder.kill();
    }
    const reopened = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    expect(await reopened.db.selectFrom('user_roles').select('role').where('user_id', '=', '1001').executeTakeFirst()).toEqual({ role: 'moderator' });
    await reopened.close();
  }, 300_000);
});
