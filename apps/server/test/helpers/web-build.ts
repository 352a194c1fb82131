import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';

const WEB = path.resolve(import.meta.dirname, '../../../web');

/**
 * A web build as the service reads it, with only what server rendering needs: the HTML template
 * and the server entry (`vite build --ssr`, the client's config). Removed by the returned function.
 */
export async function buildServerEntry(): Promise<{ webDist: string; remove: () => void }> {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-web-'));
  fs.copyFileSync(path.join(WEB, 'index.html'), path.join(webDist, 'index.html'));
  await build({
    root: WEB,
    logLevel: 'silent',
    build: { ssr: 'src/server-entry.tsx', outDir: path.join(webDist, 'server'), emptyOutDir: true },
  });
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
