import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the service; `log()` is everything it has printed so far. */
function start(logLevel = 'warn'): Promise<{ child: ChildProcess; url: string; log: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: logLevel, DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 45_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/[^/\s]+)\//.exec(out);
      if (m) { clearTimeout(timer); resolve({ child, url: m[1]!, log: () => out }); }
    });
    child.stderr!.on('data', (d) => { out += d; });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

async function csrf(url: string) {
  const res = await fetch(`${url}/data/shared_data/`);
  return /csrftoken=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

describe('graceful shutdown on the embedded database', () => {
  it('SIGTERM finishes the request in flight and loses no acknowledged write', async () => {
    // At trace level the service logs each request as it comes, not only once answered.
    const first = await start('trace');
    const token = await csrf(first.url);
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': token, cookie: `csrftoken=${token}` };
    const body = new URLSearchParams({ email: 'durable@example.org', username: 'durable', password: 'kept after restart', first_name: 'Dura Ble' });
    // The signal comes once the service has the signup (it logs the request), while it still hashes the password.
    const pending = fetch(`${first.url}/accounts/web_create_ajax/`, { method: 'POST', headers, body });
    await expect.poll(() => /incoming request[^\n]*web_create_ajax|web_create_ajax[^\n]*incoming request/.test(first.log()), { timeout: 20_000, interval: 2 }).toBe(true);
    first.child.kill('SIGTERM');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await exited(first.child)).toBe(0);

    const second = await start();
    try {
      const t2 = await csrf(second.url);
      const login = await fetch(`${second.url}/accounts/login/ajax/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': t2, cookie: `csrftoken=${t2}` },
        body: new URLSearchParams({ username: 'durable', password: 'kept after restart' }),
      });
      expect(login.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  }, 120_000);
});
