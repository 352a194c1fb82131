import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Storage } from '../../platform/storage.js';
import type { PageLoaders } from '../../platform/web/page-result.js';
import type { Access } from '../access/service.js';
import { contactImportPages } from './pages.js';
import { createContactImportRepository } from './repository.js';
import { registerContactImportRoutes } from './routes.js';
import { createContactImport } from './service.js';

export interface ContactImportAreaDeps {
  db: Db;
  nextId: IdGenerator;
  storage: Storage;
  access: Access;
  /** Where uploaded files wait while they are read. */
  spoolDir: string;
}

/** Finding friends from an address book file, its history, and its deletion. */
export function registerContactImportArea(app: FastifyInstance, deps: ContactImportAreaDeps): { pages: PageLoaders } {
  const contacts = createContactImport(createContactImportRepository(deps.db), deps.access, deps.storage, deps.nextId);
  registerContactImportRoutes(app, contacts, deps.spoolDir);
  return { pages: contactImportPages(contacts) };
}
