// `npm start` builds the web client only when what its build reads has changed since the last
// build: a fingerprint of those files (their paths and contents) is kept in apps/web/dist after each
// successful build, and compared with the files' fingerprint now. `--force` (npm run build) always builds.
// Under `npm start` the build says what it does in a few lines (its tools' own output is shown only
// when it fails); `npm run build` shows all of it.
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the web build reads, relative to the repository root: folders are read whole. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Written into the build's output folder once a build has succeeded. */
export const STAMP_FILE = '.build-fingerprint';

/** The files under `entry` (a file or a folder), as paths relative to `root` with forward slashes, sorted. */
function filesOf(root, entry) {
  const full = path.join(root, entry);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [entry];
  if (!stat.isDirectory()) return [];
  return fs.readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath ?? d.path, d.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort();
}

/**
 * A hash of the inputs' paths and contents: any change to one of them (an edit, a new file, a
 * removed or renamed one) changes it; files outside them do not. A missing input counts as missing.
 */
export function fingerprint(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const entry of [...inputs].sort()) {
    const files = filesOf(root, entry);
    hash.update(`${entry}\0${files.length}\0`);
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(createHash('sha256').update(fs.readFileSync(path.join(root, file))).digest());
    }
  }
  return hash.digest('hex');
}

/** The fingerprint of the last successful build in `dist`, or null when there is none (or no build). */
export function builtFingerprint(dist) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return null;
  try {
    return fs.readFileSync(path.join(dist, STAMP_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function writeFingerprint(dist, value) {
  fs.writeFileSync(path.join(dist, STAMP_FILE), `${value}\n`);
}

/** A line while a long build runs, every this often. */
export const BUILD_PROGRESS_EVERY_MS = 10_000;

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs `command` with its output kept rather than shown, saying every `everyMs` that it still runs.
 * Resolves to its exit code and its output (stdout and stderr, in the order they came).
 */
export function runQuietly(command, args, { cwd, everyMs = BUILD_PROGRESS_EVERY_MS, say = console.log, what = 'Building the web client' } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    const timer = setInterval(() => say(`${what}: ${seconds(Date.now() - started)} so far…`), everyMs);
    const done = (code) => {
      clearInterval(timer);
      resolve({ code, output: Buffer.concat(chunks).toString() });
    };
    child.on('error', (err) => { chunks.push(Buffer.from(`${err.message}\n`)); done(1); });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.join(root, 'apps/web/dist');
  const force = process.argv.includes('--force');
  const started = Date.now();
  // Taken before the build: a file edited while it runs makes the next start build again.
  const now = fingerprint(root);
  const built = builtFingerprint(dist);
  if (!force && built === now) {
    console.log(`Web client unchanged since its last build (checked in ${Date.now() - started} ms).`);
    return;
  }
  const args = ['run', 'build', '-w', 'apps/web', '--silent'];
  if (force) {
    const build = spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) {
      process.exitCode = build.status ?? 1;
      return;
    }
  } else {
    console.log(built === null ? 'Building the web client (no build yet)…' : 'Building the web client (its sources changed)…');
    const build = await runQuietly('npm', args, { cwd: root });
    if (build.code !== 0) {
      process.stderr.write(build.output);
      console.error(`The web client's build failed (exit code ${build.code}): its output is above. \`npm run build\` runs it alone.`);
      process.exitCode = build.code;
      return;
    }
    console.log(`Web client built (${seconds(Date.now() - started)}).`);
  }
  writeFingerprint(dist, now);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
