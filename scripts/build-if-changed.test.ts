import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, builtFingerprint, fingerprint, runQuietly, writeFingerprint } from './build-if-changed.mjs';

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-fingerprint-'));
  write('apps/web/src/main.tsx', 'export const a = 1;\n');
  write('apps/web/src/screens/home.tsx', 'export const home = 1;\n');
  write('apps/web/index.html', '<!doctype html>\n');
  write('apps/web/vite.config.ts', 'export default {};\n');
  write('packages/contract/src/index.ts', 'export const routes = [];\n');
  write('package-lock.json', '{}\n');
  write('apps/server/src/main.ts', 'console.log(1);\n');
  write('README.md', '# Shutter\n');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the web build fingerprint', () => {
  it('is the same for the same files', () => {
    expect(fingerprint(root)).toBe(fingerprint(root));
    expect(fingerprint(root)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when a source, the contract, the lock file or the config changes', () => {
    for (const file of ['apps/web/src/screens/home.tsx', 'packages/contract/src/index.ts', 'package-lock.json', 'apps/web/vite.config.ts', 'apps/web/index.html']) {
      const before = fingerprint(root);
      fs.appendFileSync(path.join(root, file), '// changed\n');
      expect(fingerprint(root), file).not.toBe(before);
    }
  });

  it('changes when a source is added, removed or renamed', () => {
    const first = fingerprint(root);
    write('apps/web/src/new.tsx', 'export {};\n');
    const added = fingerprint(root);
    expect(added).not.toBe(first);
    fs.renameSync(path.join(root, 'apps/web/src/new.tsx'), path.join(root, 'apps/web/src/renamed.tsx'));
    const renamed = fingerprint(root);
    expect(renamed).not.toBe(added);
    fs.rmSync(path.join(root, 'apps/web/src/renamed.tsx'));
    expect(fingerprint(root)).toBe(first);
    write('apps/web/public/icon.svg', '<svg/>');
    expect(fingerprint(root)).not.toBe(first);
  });

  it('does not change for files the build does not read, nor for a touch without an edit', () => {
    const before = fingerprint(root);
    fs.appendFileSync(path.join(root, 'apps/server/src/main.ts'), '// changed\n');
    fs.appendFileSync(path.join(root, 'README.md'), 'more\n');
    write('apps/web/dist/index.html', '<!doctype html>built\n');
    write('apps/web/node_modules/.vite/deps.json', '{}');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(fingerprint(root)).toBe(before);
  });

  it('reads back the fingerprint of the last build, and none without a build', () => {
    const dist = path.join(root, 'apps/web/dist');
    expect(builtFingerprint(dist)).toBeNull();
    fs.mkdirSync(dist, { recursive: true });
    writeFingerprint(dist, 'abc');
    // A stamp without the build it stamps (index.html) is no build.
    expect(builtFingerprint(dist)).toBeNull();
    write('apps/web/dist/index.html', '<!doctype html>\n');
    expect(builtFingerprint(dist)).toBe('abc');
  });

  it("lists inputs that exist in this repository (a renamed one would be silently missed)", () => {
    const repo = path.resolve(import.meta.dirname, '..');
    for (const input of BUILD_INPUTS) expect(fs.existsSync(path.join(repo, input)), input).toBe(true);
  });
});

describe('a build under npm start', () => {
  it('keeps its tools\' output for a failure, and says every few seconds that it still runs', async () => {
    const said: string[] = [];
    const script = 'console.log("vite: 470 modules"); console.error("error: the build broke"); setTimeout(() => process.exit(3), 300)';
    const started = Date.now();
    const run = await runQuietly(process.execPath, ['-e', script], { everyMs: 100, say: (line) => said.push(line) });
    const ms = Date.now() - started;
    expect(run.code).toBe(3);
    expect(run.output).toContain('vite: 470 modules\n');
    expect(run.output).toContain('error: the build broke\n');
    expect(said.length).toBeGreaterThanOrEqual(1);
    // One line each 100 ms, not one per line of output.
    expect(said.length).toBeLessThanOrEqual(Math.ceil(ms / 100));
    expect(said[0]).toMatch(/^Building the web client: \d+\.\d s so far…$/);
  });

  it('ends with the command\'s own exit code, 0 for a build that succeeded', async () => {
    expect((await runQuietly(process.execPath, ['-e', 'process.exit(0)'])).code).toBe(0);
  });
});
