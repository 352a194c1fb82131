import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/db/database.js';
import { startQueue } from '../../src/platform/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database, dumped to this file; absent on PostgreSQL. */
    pgliteTemplate: string | undefined;
  }
}

/**
 * Creating an embedded database runs initdb (about 4 s), the migrations and the job queue's schema
 * (about 1 s more); loading a dump of one takes under 1 s. The API suites open well over a
 * hundred, so they start from a database made once per run.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', undefined);
    return undefined;
  }
  const handle = await openDatabase({});
  await migrateToLatest(handle.db);
  // The job queue's own tables, in the schema the suites' queues use on the embedded database.
  await (await startQueue({ pglite: handle.pglite })).stop();
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-template-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
