import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from './test-process.js';

/**
 * `npm start`'s supervisor, as an operator meets it: the real service on PGlite in a folder of its
 * own; its process killed as a crash would end it; the service answers again within seconds.
 */
const SCRIPT = path.join(import.meta.dirname, 'supervise.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-supervise-'));
let supervisor: ChildProcess | null = null;
let output = '';

const answers = (port: number) => fetch(`http://127.0.0.1:${port}/data/shared_data/`).then((r) => r.status, () => undefined);
const pids = () => [...output.matchAll(/service started \(pid (\d+)\)/g)].map((m) => Number(m[1]));
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

afterAll(() => {
  if (supervisor?.exitCode === null) supervisor.kill('SIGKILL');
  for (const pid of pids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start supervises the service', () => {
  it('a service that dies is logged and answering again within seconds; a stop ends both', async () => {
    const port = await freePort();
    supervisor = spawn(process.execPath, [SCRIPT], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    supervisor.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    await waitFor('the first start', 60_000, () => output, () => answers(port).then((s) => (s === 200 ? s : undefined)));
    const [first] = pids();

    process.kill(first!, 'SIGKILL');
    const diedAt = Date.now();
    await waitFor('the death logged', 5_000, () => output, () => (/was killed by SIGKILL/.test(output) ? true : undefined));
    await waitFor('the service back', 30_000, () => output, () => answers(port).then((s) => (s === 200 ? s : undefined)));
    const back = Date.now() - diedAt;
    expect(pids()).toHaveLength(2);
    expect(pids()[1]).not.toBe(first);
    // Most of it is the service's own start (the database opened and checked again).
    expect(back).toBeLessThan(30_000);

    supervisor.kill('SIGTERM');
    const code = await waitFor('the supervisor to leave', 20_000, () => output, () => supervisor!.exitCode ?? undefined);
    expect(code).toBe(0);
    expect(alive(pids()[1]!)).toBe(false);
  }, 150_000);

  it('a service that cannot start is not started again and again', async () => {
    const run = spawn(process.execPath, [SCRIPT], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    run.stderr!.on('data', (d: Buffer) => { text += d.toString(); });
    const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(text).toMatch(/before it was ready; not restarting/);
    expect(text.match(/service started/g)).toHaveLength(1);
  }, 60_000);
});
