// `npm start` runs the service under this supervisor: if the service dies (a crash, an exhausted
// heap, a kill), the death is logged and the service is started again within seconds. A service that
// fails on its very first start (a bad setting, a database that cannot be opened) is not retried:
// that is for the operator to fix. SIGINT and SIGTERM go to the service, which shuts down cleanly,
// and the supervisor leaves with it. A deployment's own supervisor (systemd, Kubernetes) can run the
// service directly (`npm run serve`) or this one; either way works.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVICE = ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
/** The first restart waits this long; each quick death after it doubles the wait, up to the cap. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A service that ran this long before dying is back to the first delay. */
const STEADY_MS = 60_000;

let child = null;
let stopping = false;
let everReady = false;
let delayMs = FIRST_DELAY_MS;

function log(message) {
  console.error(`[supervisor ${new Date().toISOString()}] ${message}`);
}

function start() {
  const startedAt = Date.now();
  child = spawn(process.execPath, SERVICE, { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: process.env });
  log(`service started (pid ${child.pid})`);
  child.on('message', (message) => {
    if (message?.type === 'ready') everReady = true;
  });
  child.on('exit', (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? 0);
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (!everReady) {
      log(`service ${how} before it was ready; not restarting`);
      process.exit(code || 1);
    }
    const ranMs = Date.now() - startedAt;
    delayMs = ranMs >= STEADY_MS ? FIRST_DELAY_MS : Math.min(delayMs * 2, MAX_DELAY_MS);
    log(`service ${how} after ${Math.round(ranMs / 1000)} s; starting it again in ${delayMs / 1000} s`);
    setTimeout(start, delayMs);
  });
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!child) process.exit(0);
  child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// The first restart waits FIRST_DELAY_MS: the doubling starts from half of it.
delayMs = FIRST_DELAY_MS / 2;
start();
