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
    /** The mails sent to this person since then: theirs by id, and older ones without an id by address. */
    sentTo(userId: string, email: string, since: Date, limit: number) {
      return db.selectFrom('outbox').select(['id', 'recipient', 'subject', 'body', 'created_at', 'kind'])
        .where('channel', '=', 'email')
        .where('created_at', '>=', since)
        .where((eb) => eb.or([
          eb('user_id', '=', userId),
          ...(email ? [eb.and([eb('user_id', 'is', null), eb(eb.fn('lower', ['recipient']), '=', email.toLowerCase())])] : []),
        ]))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
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
