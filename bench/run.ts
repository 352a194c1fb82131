/**
 * Every benchmark in order, with defaults: a fresh PostgreSQL database is created, seeded, measured
 * and dropped (pass --keep to keep it for another feed-load run). Extra flags go to the seeder,
 * e.g. `--posts 200000` for a quicker world.
 *
 *   node --import tsx bench/run.ts [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--db shutter_bench] [--keep] [seeder flags]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { flag } from './lib.js';

const ADMIN_URL = flag('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const DB = flag('db', 'shutter_bench');
if (!/^[a-z_][a-z0-9_]*$/.test(DB)) throw new Error('--db must be a plain identifier');
const KEEP = process.argv.includes('--keep');
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB}` }).toString();
const seederFlags = ['--users', '--posts', '--likes-per-post', '--comments-per-post', '--data-dir']
  .flatMap((f) => (process.argv.includes(f) ? [f, process.argv[process.argv.indexOf(f) + 1]!] : []));

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try { await client.query(sql); } finally { await client.end(); }
}

function step(script: string, args: string[] = [], env: Record<string, string> = {}) {
  console.log(`\n=== ${script} ${args.join(' ')}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script), ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (res.status !== 0) throw new Error(`${script} failed (${res.status ?? res.signal})`);
}

await admin(`drop database if exists ${DB} with (force)`);
await admin(`create database ${DB}`);
try {
  step('seed-large.ts', seederFlags, { DATABASE_URL: databaseUrl });
  step('feed-load.ts', [], { DATABASE_URL: databaseUrl });
} finally {
  if (!KEEP) await admin(`drop database if exists ${DB} with (force)`);
}
step('upload-pipeline.ts');
step('lighthouse.ts');
// Its own schema in the admin database, dropped afterwards; skipped without Redis.
step('realtime-delivery.ts', [], { DATABASE_URL: ADMIN_URL });
