import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from './test-process.js';

/**
 * What a person running the service reads: the real service on PGlite in a folder of its own,
 * started as `npm start` starts it (with a channel to its supervisor), its output as printed.
 * The demo world is left out (it takes a minute); its progress lines have their own tests.
 */
const SERVICE = ['--import', 'tsx', path.join(import.meta.dirname, '../apps/server/src/main.ts')];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-start-log-'));
const services: ChildProcess[] = [];

/** Starts the service with these variables; resolves once it told its supervisor it is ready. */
async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, SERVICE, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: '', LOG_FORMAT: '', NODE_ENV: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  services.push(child);
  let stdout = '';
  let stderr = '';
  let ready = false;
  child.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  child.on('message', (m: { type?: string }) => { if (m?.type === 'ready') ready = true; });
  const output = () => `${stdout}\n--- stderr ---\n${stderr}`;
  await waitFor('ready', 120_000, output, () => (ready ? true : undefined));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    output: () => stdout,
    stderr: () => stderr,
    /** Waits until stdout has a line matching `pattern`. */
    line: (what: string, pattern: RegExp, ms = 10_000) => waitFor(what, ms, output, () => stdout.split('\n').find((l) => pattern.test(l))),
    async stop() {
      child.kill('SIGTERM');
      await waitFor('the service to stop', 20_000, output, () => child.exitCode ?? undefined);
    },
  };
}

afterAll(() => {
  for (const child of services) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('what the service prints', () => {
  it('its steps, the address set apart, then a readable line per page or API call, none for assets', async () => {
    const service = await start({});
    const text = service.output();
    expect(text).toMatch(/^\d\d:\d\d:\d\d Starting Shutter \(database: PGlite in .*; media: .*\)…$/m);
    expect(text).toMatch(/^\d\d:\d\d:\d\d Database ready: \d+ migrations applied \(\d+(\.\d)? m?s\)$/m);
    expect(text).toMatch(/^\d\d:\d\d:\d\d Place search is loading the world's places in the background \(once per data folder\)…$/m);
    expect(text).toMatch(new RegExp(`\\n\\n {2}Shutter is running at http://127\\.0\\.0\\.1:\\d+/\\n {2}\\(started in [^\\n]+\\)\\n`));
    expect(text).not.toMatch(/"level":|incoming request/);

    const before = service.output().length;
    expect((await fetch(`${service.url}/data/shared_data/`)).status).toBe(200);
    expect((await fetch(`${service.url}/static/default-avatar.svg`)).status).toBe(200);
    expect((await fetch(`${service.url}/favicon.svg`)).status).toBeLessThan(500);
    expect((await fetch(`${service.url}/api/v1/no-such-thing/`)).status).toBe(404);
    await service.line('the 404 line', /GET \/api\/v1\/no-such-thing\/ 404 /);
    const requests = service.output().slice(before).split('\n').filter((l) => / (GET|POST) \//.test(l));
    expect(requests).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/data\/shared_data\/ 200 \d+(\.\d)? ms$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/v1\/no-such-thing\/ 404 \d+(\.\d)? ms$/),
    ]);
    await service.stop();
    expect(service.output()).toMatch(/Shutting down \(SIGTERM\)…\n(.*\n)*.*Shutter stopped\.\n/);
  }, 180_000);

  it('JSON lines when LOG_FORMAT=json: one per request, none for assets', async () => {
    const service = await start({ LOG_FORMAT: 'json' });
    await fetch(`${service.url}/data/shared_data/`);
    await fetch(`${service.url}/static/default-avatar.svg`);
    const line = await service.line('the request record', /"url":"\/data\/shared_data\/"/);
    const records = service.output().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(JSON.parse(line)).toMatchObject({ level: 30, method: 'GET', url: '/data/shared_data/', statusCode: 200, msg: 'request completed' });
    expect(records.some((r) => typeof r.msg === 'string' && r.msg.startsWith('Database ready'))).toBe(true);
    expect(records.find((r) => typeof r.msg === 'string' && r.msg.startsWith('Shutter is running at'))).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/) });
    expect(records.filter((r) => typeof r.url === 'string' && r.url.startsWith('/static/'))).toEqual([]);
    await service.stop();
  }, 180_000);

  it('a bad LOG_LEVEL stops the start with a clear message', async () => {
    const child = spawn(process.execPath, SERVICE, {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'loud', LOG_FORMAT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    services.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Shutter cannot start\. Invalid environment:\n {2}LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent\n/);
    expect(stderr).not.toMatch(/ at /);
  }, 60_000);
});
