// After the client and server builds: renders the logged-out landing page ahead of time, so that
// its HTML paints before any script has run, with the server build of src/server-entry.tsx (the
// client's config, so the same CSS-module class names as the client's).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(web, 'dist', 'server', 'server-entry.js');
const out = path.join(web, 'dist', 'prerendered');

if (!fs.existsSync(entry)) throw new Error(`no server build at ${path.relative(web, entry)}: run vite build --ssr src/server-entry.tsx first`);
const { prerenderScreen } = await import(pathToFileURL(entry).href);
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'landing.html'), await prerenderScreen('/'));
console.log(`prerendered ${path.relative(web, path.join(out, 'landing.html'))}`);
