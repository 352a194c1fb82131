import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createAccountsRepository } from '../src/features/accounts/repository.js';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-purge-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
}

describe('npm run admin -- purge-departed (embedded database)', () => {
  it('purges the deleted accounts whose days are over, and only those', async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrateToLatest(database.db);
    const users = createAccountsRepository(database.db);
    for (const [id, username] of [['2001', 'gone_now'], ['2002', 'still_waiting'], ['2003', 'just_resting']]) {
      await users.insertUser({ id: id!, username: username!, email: `${username}@example.org`, full_name: username!, password_hash: 'x', opt_into_one_tap: false });
    }
    await database.db.insertInto('account_departures').values([
      { user_id: '2001', state: 'deleting', purge_after: new Date(Date.now() - 1000) },
      { user_id: '2002', state: 'deleting', purge_after: new Date(Date.now() + 86_400_000) },
      { user_id: '2003', state: 'deactivated', purge_after: null },
    ]).execute();
    await database.close();

    const run = admin('purge-departed');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('1 deleted account purged.');
    expect(admin('purge-departed', 'extra').status).toBe(2);

    const reopened = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const left = await reopened.db.selectFrom('users').select('id').where('id', 'in', ['2001', '2002', '2003']).orderBy('id').execute();
    expect(left.map((u) => u.id)).toEqual(['2002', '2003']);
    await reopened.close();
  }, 300_000);
});
