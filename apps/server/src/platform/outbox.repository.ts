import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { OutboxTable } from '../db/schema.js';

/** Every SQL statement of the outbox. */
export function createOutboxRepository(db: Db) {
  return {
    async insert(message: Insertable<OutboxTable>): Promise<void> {
      await db.insertInto('outbox').values(message).execute();
    },
    latest(limit: number) {
      return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
