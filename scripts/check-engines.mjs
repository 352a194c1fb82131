#!/usr/bin/env node
/**
 * Holds the dependencies to the Node the project is tested on: every installed package's
 * `engines.node` must accept the running Node. The exceptions below are each checked by the whole
 * test suite on that Node, and say why they are kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const EXCEPTIONS = {
  // 0.29 brought the embedded database's dialect (PGlite); 0.28 has none. Its Node 22 is what it is
  // tested on upstream, not what it needs: every test here runs it on Node 20.
  kysely: '0.29',
};

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const problems = [];
for (const [where, info] of Object.entries(lock.packages)) {
  const range = info.engines?.node;
  if (!where || !range || semver.satisfies(process.version, range)) continue;
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const allowed = EXCEPTIONS[name];
  if (allowed && info.version.startsWith(`${allowed}.`)) continue;
  problems.push(`${where}@${info.version} asks for Node ${range}`);
}
if (problems.length) {
  console.error(`These dependencies do not support Node ${process.version}, the Node this project is tested on:\n  ${problems.join('\n  ')}\nHold them to a version that does (package.json "overrides" for indirect ones).`);
  process.exit(1);
}
console.log(`Every dependency supports Node ${process.version}.`);
