import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const WEB = path.resolve(import.meta.dirname, '../../../web');
const VITE = path.resolve(import.meta.dirname, '../../../../node_modules/vite/bin/vite.js');

/**
 * A web build as the service reads it, with only what server rendering needs: the HTML template
 * and the server entry (`vite build --ssr`, the client's config). Removed by the returned function.
 */
export async function buildServerEntry(): Promise<{ webDist: string; remove: () => void }> {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-web-'));
  fs.copyFileSync(path.join(WEB, 'index.html'), path.join(webDist, 'index.html'));
  // As `npm run build` runs it: in a process of its own, without the tests' NODE_ENV (which would
  // make it compile JSX for React's development build).
  const { NODE_ENV: _testing, ...env } = process.env;
  await promisify(execFile)(process.execPath, [VITE, 'build', '--ssr', 'src/server-entry.tsx', '--outDir', path.join(webDist, 'server'), '--logLevel', 'silent'], { cwd: WEB, env });
  return { webDist, remove: () => fs.rmSync(webDist, { recursive: true, force: true }) };
}

/** A build whose server entry is `source` (a module written out as is), e.g. one that fails. */
export function fakeServerEntry(source: string): { webDist: string; remove: () => void } {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-web-'));
  fs.copyFileSync(path.join(WEB, 'index.html'), path.join(webDist, 'index.html'));
  fs.mkdirSync(path.join(webDist, 'server'));
  fs.writeFileSync(path.join(webDist, 'server', 'server-entry.js'), source);
  return { webDist, remove: () => fs.rmSync(webDist, { recursive: true, force: true }) };
}
