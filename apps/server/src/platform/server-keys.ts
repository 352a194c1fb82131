import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

/**
 * The service's key for `name`, made at random by the first instance that asks and kept in the
 * database: every instance on the same database signs and checks with the same key, and a restart
 * keeps it (tokens signed before it stay good). Whoever can read the database can read it; it
 * guards only what an outsider could otherwise forge.
 */
export async function serverKey(db: Db, name: string): Promise<Buffer> {
  await db.insertInto('server_keys').values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((c) => c.column('name').doNothing()).execute();
  // Two instances starting together both insert: one wins, and both read the winner's.
  const { value } = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(value, 'base64url');
}
