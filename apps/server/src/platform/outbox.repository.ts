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
    find(id: string) {
      return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async delivered(id: string): Promise<void> {
      await db.updateTable('outbox')
        .set((eb) => ({ delivered_at: new Date(), delivery_error: null, delivery_attempts: eb('delivery_attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    async failed(id: string, error: string): Promise<void> {
      await db.updateTable('outbox')
        .set((eb) => ({ delivery_error: error.slice(0, 1000), delivery_attempts: eb('delivery_attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}
