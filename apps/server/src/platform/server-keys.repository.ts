import type { Db } from '../db/database.js';

/** Every SQL statement of `server_keys`. */
export function createServerKeysRepository(db: Db) {
  return {
    /** Stores the key unless one of that name is there already (then the stored one stays). */
    async insertIfAbsent(name: string, value: string): Promise<void> {
      await db.insertInto('server_keys').values({ name, value }).onConflict((c) => c.column('name').doNothing()).execute();
    },
    async value(name: string): Promise<string> {
      const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
