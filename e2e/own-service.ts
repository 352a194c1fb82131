import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The ports above the suite's own, one per journey that runs a service of its own (two workers
 * run journeys side by side, so no two may share one).
 */
export const OWN_PORT_OFFSETS = { terms: 2, moderation: 3, reportingSwitches: 4, leaving: 5 } as const;

/**
 * A service of a journey's own, in a data folder of its own, on the embedded database (or on the
 * suite's PostgreSQL, E2E_DATABASE_URL): for a journey that restarts it (as an operator does) or
 * runs it with other settings. Started and stopped by its process; the folder goes with `dispose`.
 */
export const ownDatabaseUrl = () => process.env.E2E_DATABASE_URL ?? '';

export function ownService(journey: keyof typeof OWN_PORT_OFFSETS) {
  const port = Number(process.env.E2E_PORT ?? 8181) + OWN_PORT_OFFSETS[journey];
  const origin = `http://127.0.0.1:${port}`;
  // Made at the first start: every worker loads every journey's file, most never run it.
  let dataDir = '';
  let server: ChildProcess | undefined;

  async function stop(): Promise<void> {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  return {
    origin,
    root: ROOT,
    get dataDir() {
      return dataDir;
    },
    async start(env: Record<string, string> = {}): Promise<void> {
      dataDir ||= fs.mkdtempSync(path.join(os.tmpdir(), `shutter-e2e-${journey}-`));
      server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATABASE_URL: ownDatabaseUrl(), REDIS_URL: '', ...env },
        stdio: 'ignore',
      });
      await expect(async () => {
        const res = await fetch(`${origin}/data/shared_data/`).catch(() => null);
        expect(res?.ok).toBe(true);
      }).toPass({ timeout: 150_000 });
    },
    stop,
    async dispose(): Promise<void> {
      await stop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
