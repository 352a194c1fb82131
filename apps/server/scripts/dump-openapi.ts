/**
 * Writes the OpenAPI document (what GET /api/docs/json answers) to a file, from an app built in
 * this process on an in-memory database: `node --import tsx apps/server/scripts/dump-openapi.ts out.json`.
 */
import fs from 'node:fs';
import { createTestApp } from '../test/helpers/test-app.js';

const out = process.argv[2];
if (!out) throw new Error('usage: dump-openapi.ts <file>');
const t = await createTestApp();
let code = 0;
try {
  await t.app.ready();
  fs.writeFileSync(out, `${JSON.stringify(t.app.swagger(), null, 2)}\n`);
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  // The document is written: a background task of the app (the search index loading, a job
  // poller) that is slow to wind down must not keep this script from ending.
  await Promise.race([t.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
}
process.exit(code);
