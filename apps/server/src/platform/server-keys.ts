import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { createServerKeysRepository } from './server-keys.repository.js';

/**
 * The service's key for `name`, made at random by the first instance that asks and kept in the
 * database: every instance on the same database signs and checks with the same key, and a restart
 * keeps it (tokens signed before it stay good). Whoever can read the database can read it; it
 * guards only what an outsider could otherwise forge.
 */
export async function serverKey(db: Db, name: string): Promise<Buffer> {
  const repo = createServerKeysRepository(db);
  await repo.insertIfAbsent(name, randomBytes(32).toString('base64url'));
  // Two instances starting together both insert: one wins, and both read the winner's.
  return Buffer.from(await repo.value(name), 'base64url');
}
