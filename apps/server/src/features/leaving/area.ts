import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Outbox } from '../../platform/outbox.js';
import { runEvery, type Queue } from '../../platform/queue.js';
import type { Storage } from '../../platform/storage.js';
import { createAccountsRepository } from '../accounts/repository.js';
import type { Departures } from './departures.js';
import { leavingPages } from './pages.js';
import { createPurge } from './purge.js';
import { createLeavingRepository } from './repository.js';
import { registerLeavingRoutes } from './routes.js';
import { createLeaving, DATA_EXPORT_JOB, PURGE_DEPARTED_JOB } from './service.js';

/** How often deletions whose days are over are purged, and spent archives removed. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface LeavingAreaDeps {
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  queue: Queue;
  outbox: Pick<Outbox, 'send'>;
  departures: Departures;
  publicUrl: string;
  deletionDays: number;
  runWorkers: boolean;
  usernames: (ids: string[]) => Promise<Map<string, string>>;
  forgetSessions: (userId: string) => void;
}

/** Leaving: deactivating, deleting (and the purge), and "Download your data". */
export async function registerLeavingArea(app: FastifyInstance, deps: LeavingAreaDeps) {
  const leaving = createLeaving({ ...deps, repo: createLeavingRepository(deps.db), users: createAccountsRepository(deps.db) });
  const purge = createPurge(deps.db, deps.storage);
  registerLeavingRoutes(app, leaving, deps.storage);
  if (deps.runWorkers) {
    await deps.queue.work(DATA_EXPORT_JOB, leaving.buildExport);
    await deps.queue.work(PURGE_DEPARTED_JOB, async () => { await purge.purgeDue(); });
    runEvery(app, PURGE_EVERY_MS, 'purge of deleted accounts', async () => {
      await purge.purgeDue();
      await leaving.dropStaleExports();
    });
  }
  return { leaving, purge, pages: leavingPages(leaving, deps.deletionDays) };
}
