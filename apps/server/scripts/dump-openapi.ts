/**
 * Writes the OpenAPI document (what GET /api/docs/json answers) to a file, from an app built in
 * this process on an in-memory database: `node --import tsx apps/server/scripts/dump-openapi.ts out.json`.
 */
import fs from 'node:fs';
import { createTestApp } from '../test/helpers/test-app.js';

const out = process.argv[2];
if (!out) throw new Error('usage: dump-openapi.ts <file>');
const t = await createTestApp();
try {
  await t.app.ready();
  fs.writeFileSync(out, `${JSON.stringify(t.app.swagger(), null, 2)}\n`);
} finally {
  await t.close();
}
