// After the client build: renders the logged-out landing page ahead of time, so that its HTML
// paints before any script has run. A server build of src/prerender.tsx (same config, so the same
// CSS-module class names as the client's) goes to a scratch folder, is run once, then removed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = path.join(web, 'node_modules', '.prerender');
const out = path.join(web, 'dist', 'prerendered');

await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: scratch, emptyOutDir: true, manifest: false, copyPublicDir: false },
});
try {
  const entry = fs.readdirSync(scratch).find((file) => /^prerender\.m?js$/.test(file));
  if (!entry) throw new Error(`no server build of src/prerender.tsx in ${scratch}`);
  const { prerenderScreen } = await import(pathToFileURL(path.join(scratch, entry)).href);
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'landing.html'), await prerenderScreen('/'));
  console.log(`prerendered ${path.relative(web, path.join(out, 'landing.html'))}`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
